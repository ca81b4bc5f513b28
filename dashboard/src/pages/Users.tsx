/**
 * Users: a searchable table a page at a time (the server's cursor pagination, so it stays fast over
 * hundreds of thousands of users) and a dialog to create one.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight, UserPlus } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Badge, Button, Empty, ErrorState, Field, formatDate, InlineError, Input, Loading, Modal, PageHeader, Select } from "../components/ui.js";
import { clickableRow, openRowLink } from "../components/row-link.js";
import { UserCards } from "../components/users/user-cards.js";
import { useDebounced } from "../lib/use-debounced.js";
import { useProjectPath } from "../lib/project.js";
import { useTRPC, type AppRouter } from "../lib/trpc.js";
import type { inferRouterOutputs } from "@trpc/server";

type User = inferRouterOutputs<AppRouter>["listUsers"]["items"][number];
const column = createColumnHelper<User>();

function CreateUser({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = useProjectPath();
  const [email, setEmail] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [password, setPassword] = useState("");
  const [verified, setVerified] = useState(false);
  const create = useMutation(
    trpc.createUser.mutationOptions({
      onSuccess: async (user) => {
        await queryClient.invalidateQueries({
          queryKey: trpc.listUsers.queryKey(),
        });
        onOpenChange(false);
        void navigate(path(`users/${user.id}`));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      body: {
        primary_email: email.trim() || null,
        primary_email_verified: email.trim() ? verified : undefined,
        primary_email_auth_enabled: email.trim() ? true : undefined,
        display_name: displayName.trim() || null,
        ...(password ? { password } : {}),
      },
    });
  }
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create a user" description="The user can sign in with this e-mail once they have a password or a sign-in code.">
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <Field label="E-mail">{(id) => <Input id={id} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} /> E-mail is verified
        </label>
        <Field label="Display name">{(id) => <Input id={id} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />}</Field>
        <Field label="Password" hint="Optional. Leave empty for a user who signs in another way.">
          {(id, hint) => <Input id={id} aria-describedby={hint} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <InlineError error={create.error} />
        <div className="flex gap-2">
          <Button type="submit" busy={create.isPending}>
            Create user
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export default function Users() {
  const trpc = useTRPC();
  const path = useProjectPath();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), 300);
  const [pageSize, setPageSize] = useState(25);
  // Cursors of the pages seen so far: cursors[i] starts page i (undefined for the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    setCursors([undefined]);
    setPage(0);
  }, [query, pageSize]);
  const users = useQuery({
    ...trpc.listUsers.queryOptions({
      query: {
        limit: pageSize,
        desc: true,
        cursor: cursors[page],
        ...(query ? { query } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
  const nextCursor = users.data?.pagination.next_cursor ?? null;

  const columns = useMemo(
    () => [
      column.accessor((u) => u.display_name ?? u.primary_email ?? u.id, {
        id: "user",
        header: "User",
        cell: (info) => (
          <Link className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300" to={path(`users/${info.row.original.id}`)}>
            {info.row.original.display_name ?? info.row.original.primary_email ?? "Unnamed user"}
          </Link>
        ),
      }),
      column.accessor("primary_email", {
        header: "E-mail",
        cell: (info) => (
          <span className="flex items-center gap-2">
            {info.getValue() ?? "—"}
            {info.getValue() && (info.row.original.primary_email_verified ? <Badge tone="good">verified</Badge> : <Badge tone="warn">unverified</Badge>)}
          </span>
        ),
      }),
      column.display({
        id: "methods",
        header: "Sign-in",
        cell: ({ row: { original: u } }) =>
          [u.has_password && "password", u.otp_auth_enabled && "code", u.passkey_auth_enabled && "passkey", ...u.oauth_providers.map((p) => p.id)].filter(Boolean).join(", ") || "—",
      }),
      column.accessor("signed_up_at_millis", {
        header: "Signed up",
        cell: (info) => formatDate(info.getValue()),
      }),
      column.accessor("last_active_at_millis", {
        header: "Last active",
        cell: (info) => formatDate(info.getValue()),
      }),
    ],
    [path],
  );
  const table = useReactTable({
    data: users.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    getRowId: (u) => u.id,
  });

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who signed up to this project. Search by name, e-mail or exact id."
        actions={
          <Button onClick={() => setCreating(true)}>
            <UserPlus aria-hidden className="size-4" /> Create user
          </Button>
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <Field label="Search users">{(id) => <Input id={id} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, e-mail or id" />}</Field>
        </div>
        <div className="w-28">
          <Field label="Per page">
            {(id) => (
              <Select id={id} value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
                {[10, 25, 50, 100].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </div>
      {users.isPending ? (
        <Loading what="users" />
      ) : users.isError ? (
        <ErrorState error={users.error} what="the users" retry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <Empty title={query ? "No user matches this search" : "No users yet"}>{query ? "Try part of a name or an e-mail address." : "Create one, or let people sign up through your app."}</Empty>
      ) : (
        <div aria-busy={users.isFetching}>
          <UserCards users={users.data.items} href={(id) => path(`users/${id}`)} />
          <div className="hidden overflow-x-auto rounded-md border border-zinc-200 sm:block dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Users, page {page + 1}</caption>
              <thead className="bg-zinc-100 text-xs uppercase tracking-wide text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-zinc-200 bg-white dark:divide-zinc-800 dark:bg-zinc-900">
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className={clickableRow} onClick={(e) => openRowLink(e, () => void navigate(path(`users/${row.id}`)))}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-3 py-2">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <nav aria-label="Pages of users" className="mt-3 flex items-center gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Button>
        <span className="text-sm text-zinc-700 dark:text-zinc-300">Page {page + 1}</span>
        <Button
          variant="secondary"
          disabled={nextCursor === null || users.isFetching}
          onClick={() => {
            setCursors((list) => {
              const copy = list.slice(0, page + 1);
              copy.push(nextCursor ?? undefined);
              return copy;
            });
            setPage((p) => p + 1);
          }}
        >
          Next <ChevronRight aria-hidden className="size-4" />
        </Button>
      </nav>
      <CreateUser open={creating} onOpenChange={setCreating} />
    </>
  );
}

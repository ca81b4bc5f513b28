/**
 * The files of the example resource that scripts/architecture/example-resource.ts adds to a throwaway worktree:
 * what a small admin-only list of notes needs of its own (contract, handler, table, queries, dashboard page).
 * The shared lists it joins are in example-resource.ts.
 */
export const exampleFiles: Record<string, string> = {
  "contract/example-notes.ts": `/** Example notes: an admin-only list, added to show what a resource touches. */
import { z } from "zod";
import { millis, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

export const exampleNote = z.object({ id: uuid, text: z.string(), created_at_millis: millis }).meta({ id: "ExampleNote" });

export const listExampleNotes = defineProcedure({
  method: "GET",
  path: "/internal/example-notes",
  access: "admin",
  summary: "The project's example notes, newest first",
  tags: ["Example notes"],
  successStatus: 200,
  errors: [],
  output: z.object({ items: z.array(exampleNote), is_paginated: z.literal(false) }),
});

export const exampleNoteProcedures = { listExampleNotes } as const;
`,
  "server/db/tables/example-notes.ts": `/** Example notes (scripts/architecture/example-resource.ts). */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineExampleNoteTables(b: TableBuilders, { projects }: ProjectTables) {
  const exampleNotes = b.table(
    "example_notes",
    {
      projectId: projectIdColumn(b, projects),
      id: b.text("id").notNull(),
      text: b.text("text").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.projectId, t.id] })],
  );
  return { exampleNotes };
}
`,
  "server/db/queries/example-notes.ts": `import { desc, eq } from "drizzle-orm";
import type { Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type ExampleNoteRow = (typeof pgTables)["exampleNotes"]["$inferSelect"];

/** Example notes, by project. */
export function exampleNoteQueries(store: Store) {
  const { exampleNotes: notes } = store.t;
  return {
    async list(projectId: string): Promise<ExampleNoteRow[]> {
      return store.db.select().from(notes).where(eq(notes.projectId, projectId)).orderBy(desc(notes.createdAt)).limit(100);
    },
  };
}
`,
  "server/handlers/example-notes.ts": `import type * as c from "../../contract/example-notes.js";
import type { Handler, HandlerMap } from "../http/handler.js";

const listExampleNotes: Handler<typeof c.listExampleNotes> = async (ctx) => {
  const rows = await ctx.deps.queries.exampleNotes.list(ctx.auth.project.id);
  return { items: rows.map((row) => ({ id: row.id, text: row.text, created_at_millis: row.createdAt.getTime() })), is_paginated: false };
};

export const exampleNoteHandlers = { listExampleNotes } satisfies HandlerMap<typeof c.exampleNoteProcedures>;
`,
  "dashboard/src/pages/ExampleNotes.tsx": `/** Example notes: the project's notes, newest first. */
import { useQuery } from "@tanstack/react-query";
import { Empty, ErrorState, Loading, PageHeader } from "../components/ui.js";
import { useTRPC } from "../lib/trpc.js";

export default function ExampleNotes() {
  const trpc = useTRPC();
  const notes = useQuery(trpc.listExampleNotes.queryOptions());
  return (
    <div>
      <PageHeader title="Example notes" />
      {notes.isPending ? <Loading what="the notes" /> : notes.isError ? <ErrorState error={notes.error} what="the notes" retry={() => void notes.refetch()} /> : notes.data.items.length === 0 ? <Empty title="No notes yet">Notes appear here.</Empty> : (
        <ul>{notes.data.items.map((note) => <li key={note.id}>{note.text}</li>)}</ul>
      )}
    </div>
  );
}
`,
};

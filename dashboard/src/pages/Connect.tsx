/**
 * Connect your app: pick a framework, create a key set on request, copy the `.env` block (project id,
 * keys and server URL filled in) and the framework's quickstart from docs/QUICKSTARTS.md, then watch for
 * the app's first sign-in (read from the project's user metrics, which the server already keeps).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, Loader2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { appEnvLines, appFrameworks, envFileName, type AppFramework } from "../../../contract/app-env.js";
import { CodeBlock } from "../components/code-block.js";
import { Button, Card, formatDate, InlineError, PageHeader, QueryView } from "../components/ui.js";
import { apiOrigin } from "../lib/config.js";
import { useProjectId, useProjectPath } from "../lib/project.js";
import { quickstartOf } from "../lib/quickstarts.js";
import { useTRPC } from "../lib/trpc.js";

const frameworkNames: Record<AppFramework, string> = {
  next: "Next.js",
  "react-vite": "React (Vite)",
  node: "Node / any backend",
  "stack-sdk": "Stack SDK (drop-in)",
  curl: "Plain HTTP (curl)",
};

/** How the app is started once its files are in place. */
const runHints: Record<AppFramework, string> = {
  next: "npm run dev   # then sign up at http://localhost:3000/handler/sign-up",
  "react-vite": "npm run dev   # then sign up at http://localhost:5173/handler/sign-up",
  node: "node --env-file=.env quickstart.mjs",
  "stack-sdk": "node --env-file=.env quickstart.mjs",
  curl: "set -a; . ./.env; set +a   # then run the commands below in the same shell",
};

const YEAR = 365 * 24 * 60 * 60 * 1000;

interface CreatedKeys {
  publishableClientKey?: string | undefined;
  secretServerKey?: string | undefined;
}

function KeysStep({ keys, onCreated }: { keys: CreatedKeys | null; onCreated: (keys: CreatedKeys) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const path = useProjectPath();
  const create = useMutation(
    trpc.createInternalApiKey.mutationOptions({
      onSuccess: (set) => {
        void queryClient.invalidateQueries({ queryKey: trpc.listInternalApiKeys.queryKey() });
        onCreated({ publishableClientKey: set.publishable_client_key, secretServerKey: set.secret_server_key });
      },
    }),
  );
  if (keys) {
    return (
      <p className="flex items-start gap-2 text-sm text-emerald-800 dark:text-emerald-300" role="status">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" /> A new key set is filled in below. Copy the block now: its keys are not shown again once you leave this page.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Your app needs a publishable client key and, on a server, a secret server key. Create a key set for it here (valid for a year; revoke it any time on the{" "}
        <Link className="text-indigo-700 underline dark:text-indigo-300" to={path("api-keys")}>
          API keys
        </Link>{" "}
        page).
      </p>
      <div>
        <Button
          busy={create.isPending}
          onClick={() =>
            create.mutate({
              body: { description: "Connect your app", expires_at_millis: Date.now() + YEAR, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false },
            })
          }
        >
          <KeyRound aria-hidden className="size-4" /> Create keys for this app
        </Button>
      </div>
      <InlineError error={create.error} />
    </div>
  );
}

function QuickstartStep({ framework, env }: { framework: AppFramework; env: string }) {
  const quickstart = quickstartOf(framework);
  return (
    <div className="flex flex-col gap-3">
      <CodeBlock title={envFileName(framework)} label={`${envFileName(framework)} block`} code={env} />
      {quickstart.install && <CodeBlock title="Install" label="install command" code={quickstart.install} />}
      {quickstart.blocks.map((block, i) => (
        <CodeBlock key={i} title={block.file ?? (block.language === "sh" ? "Terminal" : `quickstart.${block.language === "js" ? "mjs" : block.language}`)} label={`${frameworkNames[framework]} code ${block.file ?? i + 1}`} code={block.code} />
      ))}
      <CodeBlock title="Run it" label="run command" code={runHints[framework]} />
    </div>
  );
}

/** Waits for the project's first signed-in user, polling the metrics while nobody has signed in. */
function ConnectionCheck() {
  const trpc = useTRPC();
  const metrics = useQuery({
    ...trpc.getProjectMetrics.queryOptions({ query: {} }),
    refetchInterval: (query) => (query.state.data?.recently_active.length ? false : 3000),
  });
  return (
    <QueryView query={metrics} what="the connection check">
      {(m) => {
        const latest = m.recently_active[0];
        return latest ? (
          <p role="status" className="flex items-start gap-2 text-sm text-emerald-800 dark:text-emerald-300" data-testid="connection-status">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong>First sign-in received.</strong> {latest.primary_email ?? latest.display_name ?? latest.id} was last active {formatDate(latest.last_active_at_millis)}; your app is connected.
            </span>
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="connection-status">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Waiting for your app's first sign-in… Sign up in your app; this turns green when it arrives.
          </p>
        );
      }}
    </QueryView>
  );
}

export default function Connect() {
  const projectId = useProjectId();
  const [search, setSearch] = useSearchParams();
  const named = search.get("framework");
  const framework: AppFramework = appFrameworks.find((f) => f === named) ?? "next";
  const [keys, setKeys] = useState<CreatedKeys | null>(null);
  const env = appEnvLines([framework], { url: apiOrigin(), projectId, ...keys }).join("\n") + "\n";
  const choose = (value: string) => setSearch((current) => (current.set("framework", value), current), { replace: true });
  return (
    <>
      <PageHeader title="Connect your app" description="Three steps from an empty project to your app's first sign-in: keys, the quickstart of your framework with this project's values, and a check." />
      <div className="flex flex-col gap-4">
        <Card title="1. Create keys">
          <KeysStep keys={keys} onCreated={setKeys} />
        </Card>
        <Card title="2. Add Latchkey to your app" description={`Put the ${envFileName(framework)} block in your app's folder, then the code below.`}>
          <Tabs.Root value={framework} onValueChange={choose}>
            <Tabs.List aria-label="Framework" className="mb-4 flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
              {appFrameworks.map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-700 data-[state=active]:border-indigo-600 data-[state=active]:font-medium data-[state=active]:text-indigo-800 dark:text-zinc-300 dark:data-[state=active]:text-indigo-300"
                >
                  {frameworkNames[value]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {appFrameworks.map((value) => (
              <Tabs.Content key={value} value={value}>
                {value === framework && <QuickstartStep framework={value} env={env} />}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Card>
        <Card title="3. Check the connection">
          <ConnectionCheck />
        </Card>
      </div>
    </>
  );
}

/** Whether clients may register themselves: Dynamic Client Registration and client ID metadata documents. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.js";
import { Card, InlineError, QueryView, Switch } from "../ui.js";

export function RegistrationSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.getIdentityProviderSettings.queryOptions());
  const update = useMutation(
    trpc.updateIdentityProviderSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.getIdentityProviderSettings.queryKey(), data),
    }),
  );
  return (
    <Card title="Self-registration" description="AI agents and MCP clients register themselves the first time they meet your project. Clients registered this way appear in the list below.">
      <QueryView query={settings} what="the identity-provider settings">
        {(s) => (
          <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
            <Switch
              label="Dynamic client registration"
              description="Clients may register at /oauth2/register (RFC 7591), rate-limited. Turn off to allow only the clients you register here."
              checked={s.dynamic_registration_enabled}
              disabled={update.isPending}
              onChange={(value) => update.mutate({ body: { dynamic_registration_enabled: value } })}
            />
            <Switch
              label="Client ID metadata documents"
              description="A client may use the https URL of its metadata document as its client id; Latchkey fetches the document."
              checked={s.client_id_metadata_documents_enabled}
              disabled={update.isPending}
              onChange={(value) => update.mutate({ body: { client_id_metadata_documents_enabled: value } })}
            />
          </div>
        )}
      </QueryView>
      <InlineError error={update.error} />
    </Card>
  );
}

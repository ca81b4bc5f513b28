/** A client's id and secret, shown once after it is registered or its secret rotated. */
import { Button, CopyValue } from "../ui.js";
import type { OAuthClientWithSecret } from "./types.js";

export function SecretNotice({ client, onDone }: { client: OAuthClientWithSecret; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <CopyValue label="Client id" value={client.client_id} />
      {client.client_secret ? (
        <>
          <CopyValue label="Client secret" value={client.client_secret} />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">The secret is not shown again. Keep it on your server; rotate it here if it leaks.</p>
        </>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">A public client has no secret: it proves itself with PKCE at every sign-in.</p>
      )}
      <div>
        <Button onClick={onDone}>{client.client_secret ? "I have copied them" : "Done"}</Button>
      </div>
    </div>
  );
}

/** The sign-in invitation: the built-in (or the project's own) `sign_in_invitation` template, linking to `callback_url`. */
import type { ProjectRow } from "../../../db/queries/projects.js";
import type { AppDeps } from "../../../deps.js";
import { builtInEmailTemplateIds } from "../../config/defaults.js";
import { assertTrustedUrl } from "../../redirect-urls.js";
import { enqueueComposedEmail } from "../outbox.js";
import { TRANSACTIONAL } from "../preferences.js";

/** Queues the invitation; it is rendered when delivered (a failed render is retried like a failed send). */
export async function sendSignInInvitation(deps: AppDeps, project: ProjectRow, email: string, callbackUrl: string): Promise<void> {
  assertTrustedUrl(deps, project, callbackUrl);
  await deps.store.transaction((tx) =>
    enqueueComposedEmail(deps, tx, {
      projectId: project.id,
      to: email,
      content: { kind: "template", templateId: builtInEmailTemplateIds.signInInvitation, variables: { signInInvitationLink: callbackUrl } },
      categoryId: TRANSACTIONAL.id,
    }),
  );
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailRenderer, WorkflowRunFailure, type EmailRenderer } from "./index.js";
import { plainTheme, welcomeInput, welcomeTemplate } from "./test-templates.js";

// Workflows run in the e-mail sandbox's contexts: same deadline, memory and stack limits, same frozen realm.
const DEADLINE_MS = 1000;
let renderer: EmailRenderer;

beforeAll(async () => {
  renderer = createEmailRenderer({ poolSize: 2, timeoutMs: DEADLINE_MS });
  await renderer.whenReady();
});

afterAll(() => renderer.close());

const user = { id: "7d3c1f7e-0f43-4d3e-9d59-1b9a3b0f6a11", primary_email: "ada@example.com", display_name: "Ada", server_metadata: null };
const signUp = (source: string) => renderer.runWorkflow("wf-project", { source, jobJson: JSON.stringify({ trigger: "sign-up", user }) });

async function failureOf(source: string): Promise<WorkflowRunFailure> {
  const error = await signUp(source).then(() => expect.unreachable("the workflow should have failed"), (e: unknown) => e);
  expect(error).toBeInstanceOf(WorkflowRunFailure);
  // The context that served it was replaced, and the next render works.
  const good = await renderer.render({ projectId: "wf-project", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput });
  expect(good.subject).toBe("Welcome to Acme");
  return error as WorkflowRunFailure;
}

describe("workflows in the sandbox", () => {
  it("runs the onSignUp handler with the user and answers the calls it made, in order", async () => {
    const outcome = await signUp(`
      const subject: string = "Hi " + "there";
      onSignUp(async (user) => {
        console.log("signed up", user.primaryEmail);
        await stackApp.sendEmail({ userIds: [user.id], subject, html: "<p>hi</p>" });
        await user.update({ serverMetadata: { welcomed: true, name: user.displayName } });
      });
    `);
    expect(outcome).toEqual({
      handled: true,
      calls: [
        { type: "sendEmail", options: { userIds: [user.id], subject: "Hi there", html: "<p>hi</p>" } },
        { type: "updateUser", userId: user.id, patch: { serverMetadata: { welcomed: true, name: "Ada" } } },
      ],
      logs: ["log: signed up ada@example.com"],
    });
  });

  it("answers handled: false when the workflow registers no handler for the trigger", async () => {
    expect(await signUp(`registerCallback("later", async () => {}); console.log("loaded");`)).toEqual({ handled: false, calls: [], logs: ["log: loaded"] });
  });

  it("reports a thrown error with its line and the console lines before it", async () => {
    const error = await failureOf(`console.warn("about to fail");\nonSignUp(() => {\n  throw new Error("boom");\n});`);
    expect(error.message).toBe("boom (workflow.ts line 3)");
    expect(error.logs).toEqual(["warn: about to fail"]);
    expect(error.limit).toBeUndefined();
  });

  it("stops an endless loop at the deadline", async () => {
    const error = await failureOf(`onSignUp(async () => { while (true) {} });`);
    expect(error.message).toBe(`The workflow run timed out after ${DEADLINE_MS} ms`);
    expect(error.limit).toBe("deadline");
  });

  it("refuses imports, network and more calls than allowed", async () => {
    expect((await failureOf(`import fs from "node:fs"; onSignUp(() => {});`)).message).toMatch(/import of 'node:fs' is not allowed in a workflow/);
    expect((await failureOf(`onSignUp(async () => { await fetch("http://example.com"); });`)).message).toMatch(/'fetch' is not defined/);
    const spam = await failureOf(`onSignUp(async (u) => { for (let i = 0; i < 50; i++) await u.update({ clientMetadata: { i } }); });`);
    expect(spam.message).toMatch(/at most 20 API calls/);
  });

  it("cannot leave anything behind for the next run (the realm is frozen)", async () => {
    await failureOf(`onSignUp(() => { (globalThis as any).leak = 1; });`);
    const outcome = await signUp(`onSignUp(() => { console.log(String((globalThis as any).leak)); });`);
    expect(outcome.logs).toEqual(["log: undefined"]);
  });
});

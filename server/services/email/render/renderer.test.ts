import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnownError } from "../../../errors.js";
import { createEmailRenderer, type EmailRenderer } from "./index.js";
import { plainTheme, tailwindTheme, templateRunning, welcomeInput, welcomeTemplate } from "./test-templates.js";

let renderer: EmailRenderer;

beforeAll(async () => {
  // A generous deadline: these tests are about output, and the machine running them may be busy.
  renderer = createEmailRenderer({ poolSize: 2, timeoutMs: 5000 });
  await renderer.whenReady();
});

afterAll(() => renderer.close());

async function renderingError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => expect.unreachable("the render should have failed"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KnownError);
  expect((error as KnownError).code).toBe("EMAIL_RENDERING_ERROR");
  return (error as KnownError<"EMAIL_RENDERING_ERROR">).details.error;
}

describe("createEmailRenderer", () => {
  it("renders a template inside a theme: subject, category, HTML and plain text", async () => {
    const email = await renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput });
    expect(email.subject).toBe("Welcome to Acme");
    expect(email.notificationCategory).toBe("Transactional");
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain("Hello <!-- -->Ada");
    expect(email.html).toContain('href="https://acme.test/welcome?code=1"');
    expect(email.text).toContain("HELLO ADA");
    expect(email.text).toContain("You have 2 new messages.");
    expect(email.text).toContain("Open https://acme.test/welcome?code=1");
  });

  it("passes the variables, validated by the template's schema", async () => {
    const email = await renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput, variables: { link: "https://x.test/a", count: 41 } });
    expect(email.text).toContain("You have 41 new messages.");
    const message = await renderingError(
      renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput, variables: { count: "many" } }),
    );
    expect(message).toContain("Invalid variables");
    expect(message).toContain("link must be defined");
  });

  it("turns Tailwind classes into inline styles", async () => {
    const email = await renderer.render({ projectId: "p1", themeTsx: tailwindTheme, templateTsx: welcomeTemplate, ...welcomeInput });
    expect(email.html).toContain("background-color:rgb(250,251,251)");
    expect(email.html).toContain("padding:45px");
    expect(email.html).toMatch(/<p style="[^"]*color:rgb\(231,0,11\)[^"]*font-weight:700/);
    expect(email.html).not.toContain("text-red-600");
  });

  it("applies a theme's Tailwind config, presets included", async () => {
    const themeTsx = tailwindTheme
      .replace("Container } from", "Container, pixelBasedPreset } from")
      .replace("<Tailwind>", `<Tailwind config={{ presets: [pixelBasedPreset], theme: { extend: { colors: { brand: "#ff6600" } } } }}>`)
      .replace("bg-[#fafbfb]", "bg-brand");
    const email = await renderer.render({ projectId: "p1", themeTsx, templateTsx: welcomeTemplate, ...welcomeInput });
    expect(email.html).toContain("background-color:rgb(255,102,0)");
    expect(email.html).toContain("font-size:16px;line-height:24px");
  });

  it("uses the template's preview variables and placeholder user and project in preview mode", async () => {
    const email = await renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: welcomeTemplate, previewMode: true });
    expect(email.subject).toBe("Welcome to My Project");
    expect(email.text).toContain("HELLO JOHN DOE");
    expect(email.text).toContain("You have 3 new messages.");
  });

  it("renders the theme's unsubscribe link when one is given", async () => {
    const email = await renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: welcomeTemplate, ...welcomeInput, unsubscribeLink: "https://acme.test/unsub" });
    expect(email.html).toContain('href="https://acme.test/unsub"');
  });

  it("reports the template's exception with its line", async () => {
    const template = templateRunning(`\n  const user = undefined as any;\n  user.name.first;`);
    const message = await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: template }));
    expect(message).toMatch(/^TypeError: cannot read property 'name' of undefined \(template\.tsx line 6\)$/);
  });

  it("reports syntax errors with the file's name", async () => {
    const message = await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: "export function EmailTemplate( {" }));
    expect(message).toMatch(/^template\.tsx: /);
  });

  it("refuses modules outside the sandbox's list and names missing components", async () => {
    const fs = await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: templateRunning("", `import { readFileSync } from "fs";`) }));
    expect(fs).toBe("import of 'fs' is not allowed (template.tsx line 1)");
    const missing = templateRunning("", `import { Carousel } from "@react-email/components";`).replace("<p>done</p>", "<Carousel />");
    expect(await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: missing }))).toBe(
      "'Carousel' is not exported by '@react-email/components' in the e-mail sandbox (template.tsx line 5)",
    );
  });

  it("requires the theme and template exports", async () => {
    expect(await renderingError(renderer.render({ projectId: "p1", themeTsx: "export const x = 1;", templateTsx: welcomeTemplate }))).toBe(
      "The theme must export a function named EmailTheme",
    );
    expect(await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: "export const y = 2;" }))).toBe(
      "The template must export a function named EmailTemplate",
    );
  });

  it("refuses sources over the size limit before they reach a worker", async () => {
    const message = await renderingError(renderer.render({ projectId: "p1", themeTsx: plainTheme, templateTsx: `//${"x".repeat(300 * 1024)}` }));
    expect(message).toBe("The template source is longer than 262144 characters");
  });
});

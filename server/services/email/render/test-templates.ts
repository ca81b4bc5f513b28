/** Themes and templates shared by the renderer's tests and its bench scenario. */

export const plainTheme = `import { Html, Head, Body, Container } from "@react-email/components";
export function EmailTheme({ children, unsubscribeLink }: { children: React.ReactNode; unsubscribeLink?: string }) {
  return (
    <Html>
      <Head />
      <Body style={{ backgroundColor: "#ffffff" }}>
        <Container>{children}</Container>
        {unsubscribeLink && <a href={unsubscribeLink}>Unsubscribe</a>}
      </Body>
    </Html>
  );
}`;

export const tailwindTheme = `import { Html, Head, Tailwind, Body, Container } from "@react-email/components";
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="bg-[#fafbfb] font-sans text-base">
          <Container className="bg-white p-[45px] rounded-lg">{children}</Container>
        </Body>
      </Tailwind>
    </Html>
  );
}`;

export const welcomeTemplate = `import { type } from "arktype";
import { Button, Heading, Text } from "@react-email/components";
import { Subject, NotificationCategory, type Props } from "@latchkey/emails";

export const variablesSchema = type({ link: "string", "count?": "number" });

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={\`Welcome to \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <Heading>Hello {user.displayName}</Heading>
      <Text className="text-red-600 font-bold">You have {variables.count ?? 0} new messages.</Text>
      <Button href={variables.link}>Open</Button>
    </>
  );
}

EmailTemplate.PreviewVariables = { link: "https://example.com/preview", count: 3 };`;

/** A template whose body is `code`, run when the template renders. */
export function templateRunning(code: string, imports = ""): string {
  return `${imports}
import { Subject } from "@latchkey/emails";
export function EmailTemplate() {
  ${code}
  return <><Subject value="hostile" /><p>done</p></>;
}`;
}

export const welcomeInput = {
  user: { displayName: "Ada" },
  project: { displayName: "Acme" },
  variables: { link: "https://acme.test/welcome?code=1", count: 2 },
};

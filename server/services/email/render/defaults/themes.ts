/**
 * The built-in themes, as TSX sources (a project's themes live in its config and start from these).
 * A theme exports `EmailTheme({ children, unsubscribeLink, project })` (`project`: name, absolute logo URLs
 * and colours, render/worker-protocol.ts `ThemeProject`); `PreviewProps` feed preview renders.
 */

export const LIGHT_THEME_TSX = `import { Body, Container, Head, Html, Img, Link, Section, Tailwind, Text } from "@react-email/components";
import type { ThemeProps } from "@latchkey/emails";

/** The project's logo (absolute URL) and name above the content, its colour as a band on top. */
function Brand({ project }: Pick<ThemeProps, "project">) {
  if (!project) return null;
  const logo = project.logoUrl;
  return (
    <Section className="pb-6 text-center">
      {logo && <Img src={logo} alt="" height="40" className="mx-auto mb-2 h-10 w-auto" />}
      <Text className="m-0 text-base font-semibold">{project.displayName}</Text>
    </Section>
  );
}

export function EmailTheme({ children, unsubscribeLink, project }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="m-0 bg-[#f4f5f7] py-8 font-sans text-base text-[#1f2328]">
          <Container className="rounded-lg bg-[#ffffff] px-10 py-8" style={{ borderTop: "4px solid " + (project?.primaryColor ?? "#ffffff") }}>
            <Brand project={project} />
            {children}
          </Container>
          {unsubscribeLink && (
            <Section className="px-10 py-4 text-center text-xs text-[#6b7280]">
              <Link href={unsubscribeLink} className="text-[#6b7280] underline">Unsubscribe</Link> from these e-mails.
            </Section>
          )}
        </Body>
      </Tailwind>
    </Html>
  );
}

EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com/unsubscribe" };
`;

export const DARK_THEME_TSX = `import { Body, Container, Head, Html, Img, Link, Section, Tailwind, Text } from "@react-email/components";
import type { ThemeProps } from "@latchkey/emails";

/** The project's logo (absolute URL) and name above the content, its colour as a band on top. */
function Brand({ project }: Pick<ThemeProps, "project">) {
  if (!project) return null;
  const logo = project.darkLogoUrl ?? project.logoUrl;
  return (
    <Section className="pb-6 text-center">
      {logo && <Img src={logo} alt="" height="40" className="mx-auto mb-2 h-10 w-auto" />}
      <Text className="m-0 text-base font-semibold">{project.displayName}</Text>
    </Section>
  );
}

export function EmailTheme({ children, unsubscribeLink, project }: ThemeProps) {
  return (
    <Html>
      <Head />
      <Tailwind>
        <Body className="m-0 bg-[#16181d] py-8 font-sans text-base text-[#e6e8eb]">
          <Container className="rounded-lg bg-[#23262d] px-10 py-8" style={{ borderTop: "4px solid " + (project?.primaryColor ?? "#23262d") }}>
            <Brand project={project} />
            {children}
          </Container>
          {unsubscribeLink && (
            <Section className="px-10 py-4 text-center text-xs text-[#9aa0a9]">
              <Link href={unsubscribeLink} className="text-[#9aa0a9] underline">Unsubscribe</Link> from these e-mails.
            </Section>
          )}
        </Body>
      </Tailwind>
    </Html>
  );
}

EmailTheme.PreviewProps = { unsubscribeLink: "https://example.com/unsubscribe" };
`;

/** For `theme_id: false`: the template's content in a bare document. */
export const NO_THEME_TSX = `import { Body, Html, Tailwind } from "@react-email/components";

export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Tailwind>
        <Body>{children}</Body>
      </Tailwind>
    </Html>
  );
}
`;

/**
 * The built-in e-mail verification template. Its variable is named as in the reference
 * (`emailVerificationLink`), so that sends and templates written for it keep working.
 */

export const EMAIL_VERIFICATION_TEMPLATE_TSX = `import { type } from "arktype";
import { Button, Heading, Hr, Section, Text } from "@react-email/components";
import { NotificationCategory, Subject, type Props } from "@latchkey/emails";

export const variablesSchema = type({
  emailVerificationLink: "string",
});

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={\`Verify your email at \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading as="h2" className="m-0 mb-4 text-xl font-bold">Confirm your e-mail address</Heading>
        <Text className="m-0 mb-6 text-sm leading-6">
          Hi{user.displayName ? \` \${user.displayName}\` : ""}, please confirm that this address is yours to finish
          signing up to {project.displayName}.
        </Text>
        <Button href={variables.emailVerificationLink} className="rounded-md bg-[#2563eb] px-5 py-3 text-sm font-semibold text-white no-underline">
          Verify e-mail
        </Button>
        <Hr className="my-6" />
        <Text className="m-0 text-xs leading-5 opacity-70">If you did not sign up, you can ignore this e-mail.</Text>
      </Section>
    </>
  );
}

EmailTemplate.PreviewVariables = {
  emailVerificationLink: "https://example.com/verify?code=preview",
} satisfies typeof variablesSchema.infer;
`;

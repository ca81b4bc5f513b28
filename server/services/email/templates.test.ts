import { describe, expect, it } from "vitest";
import { linkFrom } from "../../../test/support/smtp-sink.js";
import { magicLinkEmail, passwordResetEmail, teamInvitationEmail, verificationEmail } from "./templates.js";

describe("built-in e-mail templates", () => {
  it("escapes every value in the HTML part", () => {
    const mail = teamInvitationEmail({ projectName: "A&B", teamName: "<script>x</script>", link: 'https://app.test/join?code=c1&x="y"' });
    expect(mail.html).toContain("A&amp;B");
    expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://app.test/join?code=c1&amp;x=&quot;y&quot;"');
    // The team name is attacker-written: it stays out of the subject (issue 18, finding 3).
    expect(mail.subject).toBe("You're invited to join a team on A&B");
  });

  it("puts the one-time code in the body, never in the subject", () => {
    const mail = magicLinkEmail({ projectName: "Acme", link: "https://app.test/magic?code=LONGCODE", otp: "X7K2QP" });
    expect(mail.subject).toBe("Sign in to Acme");
    expect(mail.text).toContain("X7K2QP");
    expect(mail.html).toContain("X7K2QP");
    expect(linkFrom(mail)).toBe("LONGCODE");
  });

  it("keeps links and codes out of every subject", () => {
    const link = "https://app.test/x?code=TOPSECRET";
    const mails = [
      verificationEmail({ projectName: "Acme", link }),
      passwordResetEmail({ projectName: "Acme", link }),
      magicLinkEmail({ projectName: "Acme", link, otp: "ABC123" }),
      teamInvitationEmail({ projectName: "Acme", teamName: "Core", link }),
    ];
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/TOPSECRET|ABC123|https?:/);
      expect(mail.text).toContain(link);
    }
  });

  it("keeps subjects on one line", () => {
    expect(verificationEmail({ projectName: "Evil\r\nBcc: x@y.test", link: "https://a.test" }).subject).not.toMatch(/[\r\n]/);
  });
});

import { describe, expect, it } from "vitest";
import { plainProductEmail } from "./plain.js";

describe("the product mails laid out without the sandbox", () => {
  it("uses the built-in texts: subject, greeting, link in both parts, code", () => {
    const mail = plainProductEmail({ mail: "magicLink", values: { project: "Acme", user: "Ada" }, link: "https://a.test/m?code=L1", code: "X7K2QP" });
    expect(mail.subject).toBe("Sign in to Acme");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("Sign in https://a.test/m?code=L1");
    expect(mail.text).toContain("X7K2QP");
    expect(mail.html).toContain('href="https://a.test/m?code=L1"');
    expect(mail.html).toContain("X7K2QP");
  });

  it("escapes every value in the HTML part and keeps the subject on one line", () => {
    const mail = plainProductEmail({ mail: "teamInvitation", values: { project: "A&B\r\nBcc: x", user: "", team: "<script>x</script>" }, link: 'https://a.test/j?code=1&x="y"' });
    expect(mail.subject).toBe("You're invited to join a team on A&B Bcc: x");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("“&lt;script&gt;x&lt;/script&gt;”");
    expect(mail.html).toContain('href="https://a.test/j?code=1&amp;x=&quot;y&quot;"');
    expect(mail.text).toContain("Hello,");
  });

  it("words security alerts by kind, without a link", () => {
    const mail = plainProductEmail({ mail: "securityAlert", values: { project: "Acme", user: "", when: "2026-03-04 05:06" }, alertKind: "passkeyAdded" });
    expect(mail.subject).toBe("Security alert for your Acme account");
    expect(mail.text).toContain("A passkey was added on your Acme account (2026-03-04 05:06 UTC).");
    expect(mail.html).not.toContain("<a ");
  });
});

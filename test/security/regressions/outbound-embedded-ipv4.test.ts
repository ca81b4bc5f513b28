/**
 * Issue 35, finding 5: IPv6 forms that carry an IPv4 address passed the outbound filter, so a project
 * could point a webhook at `[::127.0.0.1]` (IPv4-compatible) or `[2002:7f00:1::]` (6to4) and have the
 * server connect to loopback through a host or relay that delivers them there. Every form that embeds an
 * IPv4 address (mapped, compatible, translated, 6to4, Teredo, NAT64) is now judged by that address.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";

const carriers = [
  "http://[::127.0.0.1]:9/hook", // IPv4-compatible
  "http://[::a9fe:a9fe]/latest/meta-data", // IPv4-compatible, cloud metadata
  "http://[::ffff:0:7f00:1]/", // IPv4-translated
  "http://[2002:7f00:1::]:9/hook", // 6to4 of 127.0.0.1
  "http://[2002:a00:1::1]/", // 6to4 of 10.0.0.1
  "http://[2001:0:7f00:1::1]/", // Teredo, server 127.0.0.1
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", // Teredo, client 127.0.0.1
  "http://[64:ff9b::7f00:1]/", // NAT64 well-known prefix
  "http://[64:ff9b:1::a00:1]/", // NAT64 local-use prefix
];

describe.each(testDialects)("webhook targets that carry an IPv4 address on %s", (dialect) => {
  it("refuses every IPv6 form that embeds a loopback, private or link-local IPv4 address", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: false });
    const project = await lk.createProject();
    const create = (url: string) => lk.call("POST", "/internal/webhooks/endpoints", { access: "admin", project, body: { url } });
    for (const url of carriers) {
      const refused = await create(url);
      expect([url, refused.status, refused.text]).toEqual([url, 400, expect.stringMatching(/^The webhook URL cannot be used: .*(loopback|private|link-local)/)]);
    }
    expect((await lk.call("GET", "/internal/webhooks/endpoints", { access: "admin", project })).body.items).toEqual([]);
    // The same forms carrying a public address are accepted (6to4 and NAT64 of 93.184.216.34).
    for (const url of ["http://[2002:5db8:d822::1]/hook", "http://[64:ff9b::5db8:d822]/hook"]) {
      expect([url, (await create(url)).status]).toEqual([url, 201]);
    }
  });
});

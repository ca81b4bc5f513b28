import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, it } from "vitest";
import { knownErrors } from "../../contract/errors.js";
import { statusErrors } from "../../contract/status-errors.js";
import { trpcCodeForStatus } from "./trpc-status.js";

describe("trpcCodeForStatus", () => {
  const statuses = new Set<number>([
    ...Object.values(knownErrors).map((spec) => spec.status),
    ...Object.values(statusErrors).map((spec) => spec.status),
  ]);

  it.each([...statuses].sort())("keeps status %i over tRPC for every error the contract declares", (status) => {
    const code = trpcCodeForStatus(status);
    expect(getHTTPStatusCodeFromError(new TRPCError({ code }))).toBe(status);
  });

  it("answers 400 as BAD_REQUEST and an unknown status by its class", () => {
    expect(trpcCodeForStatus(400)).toBe("BAD_REQUEST");
    expect(trpcCodeForStatus(502)).toBe("BAD_GATEWAY");
    expect(trpcCodeForStatus(418)).toBe("BAD_REQUEST");
    expect(trpcCodeForStatus(599)).toBe("INTERNAL_SERVER_ERROR");
  });
});

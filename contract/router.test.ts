/**
 * The router types per access level (checked by the type check; the runtime part only keeps vitest
 * honest): a procedure whose body or answer differs by level is typed with that level's schema.
 */
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { describe, expectTypeOf, it } from "vitest";
import type { AdminAppRouter, AppRouter, AppRouterFor } from "./router.js";

type AdminOut = inferRouterOutputs<AdminAppRouter>;
type ClientOut = inferRouterOutputs<AppRouter>;
type AdminIn = inferRouterInputs<AdminAppRouter>;
type ClientIn = inferRouterInputs<AppRouter>;
type BodyOf<I> = NonNullable<Exclude<I, void | undefined>["body" & keyof Exclude<I, void | undefined>]>;

describe("AppRouterFor<level>", () => {
  it("gives admin callers the server shapes of per-level answers, and clients the client shapes", () => {
    expectTypeOf<AdminOut["listTeams"]["items"][number]>().toHaveProperty("created_at_millis");
    expectTypeOf<AdminOut["listTeams"]["items"][number]>().toHaveProperty("server_metadata");
    expectTypeOf<AdminOut["listTeamMemberProfiles"]["items"][number]["user"]>().toHaveProperty("primary_email");
    expectTypeOf<ClientOut["listTeams"]["items"][number]>().not.toHaveProperty("created_at_millis");
    expectTypeOf<ClientOut["listTeams"]["items"][number]>().not.toHaveProperty("server_metadata");
  });

  it("types per-level bodies by level too", () => {
    expectTypeOf<BodyOf<AdminIn["updateTeam"]>>().toHaveProperty("server_metadata");
    expectTypeOf<BodyOf<ClientIn["updateTeam"]>>().not.toHaveProperty("server_metadata");
  });

  it("leaves procedures with one schema for every level alike", () => {
    expectTypeOf<AdminOut["listEmailThemes"]>().toEqualTypeOf<ClientOut["listEmailThemes"]>();
    expectTypeOf<inferRouterOutputs<AppRouterFor<"server">>["getTeam"]>().toEqualTypeOf<AdminOut["getTeam"]>();
  });
});

/**
 * Rows U11 and T3 (reference/wire/backend-fidelity.md): a base64 data URL given as `profile_image_url`
 * of a user, a team or a team member profile is stored, and the answer carries
 * `«storage base»/user-profile-images/«uuid».«ext»` (`team-profile-images/`, `team-member-profile-images/`),
 * which this server serves: the same bytes, the declared type, cacheable, never sniffed or run.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";
const BASE = "http://localhost:8102/storage";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A 2×2 PNG, a JPEG, GIF and WebP start (only the signatures matter to the server). */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF"), 0x00, 0x01, 0x02, 0x03]);
const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([20, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(8)]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

const urlPattern = (folder: string, ext: string, base = BASE) => new RegExp(`^${base.replace(/[./]/g, "\\$&")}/${folder}/${UUID}\\.${ext}$`);

/** GET of a stored image's URL on this server (its path below the public URL). */
async function fetchImage(lk: TestInstance, url: string): Promise<Response> {
  return lk.app.request(new URL(url).pathname);
}

async function expectServed(lk: TestInstance, url: string, type: string, bytes: Buffer) {
  const res = await fetchImage(lk, url);
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
}

async function storedImageCount(lk: TestInstance): Promise<number> {
  return (await lk.deps.store.db.select().from(lk.deps.store.t.profileImages)).length;
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password", verification_callback_url: callback } });
  expect(res.status).toBe(200);
  return { id: res.body.user_id as string, as: { access: "client" as const, project, headers: { "x-stack-access-token": res.body.access_token as string } } };
}

const imageOf = (res: ApiResponse) => res.body.profile_image_url as string;

describe.each(testDialects)("profile images as Stack's backend stores them on %s", (dialect) => {
  it("U11: stores a user's data URL image and answers its storage URL, which serves the same bytes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    const created = await lk.call("POST", "/users", { ...server, body: { profile_image_url: dataUrl("image/png", png) } });
    expect(created.status, created.text).toBe(201);
    expect(imageOf(created)).toMatch(urlPattern("user-profile-images", "png"));
    await expectServed(lk, imageOf(created), "image/png", png);
    expect((await lk.call("GET", `/users/${created.body.id}`, server)).body.profile_image_url).toBe(imageOf(created));

    // A client's own image (`image/jpg` is read as JPEG); the replaced image is gone.
    const ada = await signUp(lk, project, "ada@example.com");
    const first = await lk.call("PATCH", "/users/me", { ...ada.as, body: { profile_image_url: dataUrl("image/jpg", jpeg) } });
    expect(imageOf(first)).toMatch(urlPattern("user-profile-images", "jpeg"));
    await expectServed(lk, imageOf(first), "image/jpeg", jpeg);
    // Sending back the URL it was given keeps the image.
    const same = await lk.call("PATCH", `/users/${ada.id}`, { ...server, body: { profile_image_url: imageOf(first) } });
    expect(imageOf(same)).toBe(imageOf(first));
    await expectServed(lk, imageOf(first), "image/jpeg", jpeg);
    const second = await lk.call("PATCH", "/users/me", { ...ada.as, body: { profile_image_url: dataUrl("image/webp", webp) } });
    expect(imageOf(second)).toMatch(urlPattern("user-profile-images", "webp"));
    await expectServed(lk, imageOf(second), "image/webp", webp);
    expect((await fetchImage(lk, imageOf(first))).status).toBe(404);
    // A plain URL is stored as given (and the stored image goes).
    const linked = await lk.call("PATCH", `/users/${ada.id}`, { ...server, body: { profile_image_url: "https://example.com/ada.png" } });
    expect(imageOf(linked)).toBe("https://example.com/ada.png");
    expect((await fetchImage(lk, imageOf(second))).status).toBe(404);
    // The user's image goes with the user.
    expect((await lk.call("DELETE", `/users/${created.body.id}`, server)).status).toBe(200);
    expect((await fetchImage(lk, imageOf(created))).status).toBe(404);
    expect(await storedImageCount(lk)).toBe(0);
  });

  it("T3: stores team images (create and PATCH /teams/{id}) and member profile images", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.allowClientTeamCreation": true } });
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const team = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Lab", profile_image_url: dataUrl("image/gif", gif) } });
    expect(team.status, team.text).toBe(201);
    expect(imageOf(team)).toMatch(urlPattern("team-profile-images", "gif"));
    await expectServed(lk, imageOf(team), "image/gif", gif);

    const patched = await lk.call("PATCH", `/teams/${team.body.id}`, { ...server, body: { profile_image_url: dataUrl("image/png", png) } });
    expect(patched.status, patched.text).toBe(200);
    expect(imageOf(patched)).toMatch(urlPattern("team-profile-images", "png"));
    await expectServed(lk, imageOf(patched), "image/png", png);
    expect((await lk.call("GET", `/teams/${team.body.id}`, server)).body.profile_image_url).toBe(imageOf(patched));

    const profile = await lk.call("PATCH", `/team-member-profiles/${team.body.id}/me`, { ...ada.as, body: { profile_image_url: dataUrl("image/jpeg", jpeg) } });
    expect(profile.status, profile.text).toBe(200);
    expect(imageOf(profile)).toMatch(urlPattern("team-member-profile-images", "jpeg"));
    await expectServed(lk, imageOf(profile), "image/jpeg", jpeg);
    // Back to the user's own image: the member image goes.
    const reset = await lk.call("PATCH", `/team-member-profiles/${team.body.id}/${ada.id}`, { ...server, body: { profile_image_url: null } });
    expect(reset.body.profile_image_url).toBeNull();
    expect((await fetchImage(lk, imageOf(profile))).status).toBe(404);
    // The team's image goes with the team.
    expect((await lk.call("DELETE", `/teams/${team.body.id}`, server)).status).toBe(200);
    expect((await fetchImage(lk, imageOf(patched))).status).toBe(404);
  });

  it("refuses images whose bytes are not the declared type, or types that are not images it serves, and stores nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.allowClientTeamCreation": true } });
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const script = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    for (const value of [dataUrl("image/png", gif), dataUrl("image/jpeg", png), dataUrl("image/gif", script), dataUrl("image/webp", Buffer.from("RIFF0000WAVE"))]) {
      expectStatusError(await lk.call("PATCH", "/users/me", { ...ada.as, body: { profile_image_url: value } }), 400, "profileImageNotBase64");
      expectStatusError(await lk.call("POST", "/users", { ...server, body: { profile_image_url: value } }), 400, "profileImageNotBase64");
      expectStatusError(await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Lab", profile_image_url: value } }), 400, "profileImageNotBase64");
    }
    // SVG (markup that may carry script) and BMP are no image types the server stores.
    expectStatusError(await lk.call("PATCH", "/users/me", { ...ada.as, body: { profile_image_url: dataUrl("image/svg+xml", script) } }), 400, "profileImageNotBase64");
    expectStatusError(await lk.call("PATCH", `/users/${ada.id}`, { ...server, body: { profile_image_url: dataUrl("image/svg+xml", script) } }), 400, "profileImageBadUrl");
    expectStatusError(await lk.call("PATCH", `/users/${ada.id}`, { ...server, body: { profile_image_url: dataUrl("image/bmp", Buffer.from("BM0000")) } }), 400, "profileImageBadUrl");
    const large = Buffer.concat([png, Buffer.alloc(100 * 1024)]);
    expectStatusError(await lk.call("PATCH", "/users/me", { ...ada.as, body: { profile_image_url: dataUrl("image/png", large) } }), 400, "profileImageTooLarge");
    expect(await storedImageCount(lk)).toBe(0);
    expect((await lk.call("GET", "/users/me", ada.as)).body.profile_image_url).toBeNull();
  });

  it("answers 404 for unknown images, other folders and other extensions, and keeps each project's images to its owners", async () => {
    await using lk = await createTestInstance(dialect);
    const victim = await lk.createProject();
    const attacker = await lk.createProject();
    const image = await lk.call("POST", "/users", { access: "server", project: victim, body: { profile_image_url: dataUrl("image/png", png) } });
    const url = imageOf(image);
    const id = /([0-9a-f-]{36})\.png$/.exec(url)![1]!;
    for (const path of [`/storage/user-profile-images/${id}.jpeg`, `/storage/team-profile-images/${id}.png`, `/storage/user-profile-images/${id}`, "/storage/user-profile-images/00000000-0000-4000-8000-000000000000.png", `/storage/../user-profile-images/${id}.png`]) {
      const res = await lk.app.request(path);
      expect(res.status, path).toBe(404);
    }
    // Another project's user naming the image's URL stores it as a link; changing or deleting that user
    // leaves the victim's image alone.
    const mallory = await lk.call("POST", "/users", { access: "server", project: attacker, body: { profile_image_url: url } });
    expect(imageOf(mallory)).toBe(url);
    await lk.call("PATCH", `/users/${mallory.body.id}`, { access: "server", project: attacker, body: { profile_image_url: dataUrl("image/gif", gif) } });
    await lk.call("DELETE", `/users/${mallory.body.id}`, { access: "server", project: attacker });
    await lk.call("DELETE", "/internal/projects/current", { access: "admin", project: attacker });
    await expectServed(lk, url, "image/png", png);
  });

  it("keeps an image when its URL comes back under the storage base it was named under before the operator changed it", async () => {
    const oldBase = "https://old-cdn.example.com/images";
    await using lk = await createTestInstance(dialect, { storagePublicUrl: oldBase });
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { profile_image_url: dataUrl("image/png", png) } });
    const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "Lab", profile_image_url: dataUrl("image/gif", gif) } });
    expect([user.status, team.status], user.text + team.text).toEqual([201, 201]);
    const [userImage, teamImage] = [imageOf(user), imageOf(team)];
    expect(userImage).toMatch(urlPattern("user-profile-images", "png", oldBase));
    /** The image's path on this server: /storage and the folder/file part of its URL. */
    const served = async (url: string) => (await lk.app.request(`/storage${new URL(url).pathname.slice("/images".length)}`)).status;

    // The operator moves the storage base (LATCHKEY_STORAGE_PUBLIC_URL) and restarts.
    lk.deps.config.storagePublicUrl = "https://new-cdn.example.com/img";
    // A server writes back the URLs it read earlier: they name the same images, which stay.
    const sameUser = await lk.call("PATCH", `/users/${user.body.id}`, { ...server, body: { profile_image_url: userImage, display_name: "Ada" } });
    const sameTeam = await lk.call("PATCH", `/teams/${team.body.id}`, { ...server, body: { profile_image_url: teamImage, display_name: "Lab 2" } });
    expect([imageOf(sameUser), imageOf(sameTeam)]).toEqual([userImage, teamImage]);
    expect([await served(userImage), await served(teamImage), await storedImageCount(lk)]).toEqual([200, 200, 2]);

    // The user's image URL given for the team is not the team's image: the team's goes, the user's stays.
    await lk.call("PATCH", `/teams/${team.body.id}`, { ...server, body: { profile_image_url: userImage.replace("/user-profile-images/", "/team-profile-images/") } });
    expect([await served(userImage), await served(teamImage)]).toEqual([200, 404]);
    // A new image is named under the new base, and the one it replaces goes.
    const replaced = await lk.call("PATCH", `/users/${user.body.id}`, { ...server, body: { profile_image_url: dataUrl("image/jpeg", jpeg) } });
    expect(imageOf(replaced)).toMatch(urlPattern("user-profile-images", "jpeg", "https://new-cdn.example.com/img"));
    expect([await served(userImage), await storedImageCount(lk)]).toEqual([404, 1]);
  });

  it("names images under a configured storage base and still serves them at /storage", async () => {
    await using lk = await createTestInstance(dialect, { storagePublicUrl: "https://cdn.example.com/latchkey-images" });
    const project = await lk.createProject();
    const created = await lk.call("POST", "/users", { access: "server", project, body: { profile_image_url: dataUrl("image/png", png) } });
    expect(imageOf(created)).toMatch(urlPattern("user-profile-images", "png", "https://cdn.example.com/latchkey-images"));
    const res = await lk.app.request(`/storage${new URL(imageOf(created)).pathname.slice("/latchkey-images".length)}`);
    expect([res.status, Buffer.from(await res.arrayBuffer())]).toEqual([200, png]);
  });
});

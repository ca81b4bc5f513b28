import { stackServerApp } from "../../../stack";

// A route handler: the signed-in visitor's e-mail as JSON, read from the request's cookies.
export async function GET() {
  const user = await stackServerApp.getUser();
  return Response.json({ email: user?.primaryEmail ?? null });
}

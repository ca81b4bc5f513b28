import { authMiddleware } from "@latchkey/next/middleware";

// Signed-out visitors of /protected go to the sign-in page, and come back once signed in.
export default authMiddleware({ protectedPaths: ["/protected"] });

export const config = { matcher: ["/((?!_next/|handler/|favicon.ico).*)"] };

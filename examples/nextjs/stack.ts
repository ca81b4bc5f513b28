import { StackServerApp } from "@latchkey/next";

export const stackServerApp = new StackServerApp({ tokenStore: "nextjs-cookie" });

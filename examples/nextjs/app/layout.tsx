import { StackProvider } from "@latchkey/next";
import { stackServerApp } from "../stack";

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return <html lang="en"><body><StackProvider app={stackServerApp}>{children}</StackProvider></body></html>;
}

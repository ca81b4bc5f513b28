/** The hosted pages' entry: reads the project from the page, builds the client app and renders the handler. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp } from "./react.js";
import { HostedApp } from "./app.js";
import { hostedUrls, readBootstrap } from "./bootstrap.js";
import "./hosted.css";

const bootstrap = readBootstrap();
const urls = hostedUrls(bootstrap.projectId, bootstrap.redirectPolicy);
const app = bootstrap.publishableClientKey
  ? new StackClientApp({
      baseUrl: window.location.origin,
      projectId: bootstrap.projectId,
      publishableClientKey: bootstrap.publishableClientKey,
      tokenStore: "cookie",
      urls,
    })
  : null;

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <HostedApp app={app} urls={urls} redirectPolicy={bootstrap.redirectPolicy} oauthProviders={bootstrap.oauthProviders} branding={bootstrap.branding} />
  </StrictMode>,
);

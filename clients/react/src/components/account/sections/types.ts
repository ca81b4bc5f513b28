import type { Project } from "@latchkey/js";
import type { App, User } from "../sdk.js";

/** What every settings section receives. */
export interface SectionProps {
  app: App;
  user: User;
  project: Project;
}

export { useUser, useUserOf, useSession, type UseUserOptions } from "./use-user.js";
export { useProject, useProjectOf } from "./use-project.js";
export { useCachedValue, useBuilt } from "./use-cached.js";

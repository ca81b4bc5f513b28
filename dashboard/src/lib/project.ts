import { useParams } from "react-router";

/** The id of the project the current page manages. */
export function useProjectId(): string {
  return useParams().projectId ?? "";
}

/** The link to a page of the current project. */
export function useProjectPath(): (path: string) => string {
  const projectId = useProjectId();
  return (path) => `/projects/${projectId}/${path.replace(/^\//, "")}`;
}

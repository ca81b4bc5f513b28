/** Everything the signed-in owner sees: the owner's tRPC client on the internal project. */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { createOwnerClient, createProjectClient, OwnerTRPCProvider, TRPCProvider } from "../lib/trpc.js";

/** The owner's own client, for the few project pages that act as the owner (transfer). */
export const ownerClient = createOwnerClient();

export function OwnerScope({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <OwnerTRPCProvider trpcClient={ownerClient} queryClient={queryClient} keyPrefix="owner">
      {children}
    </OwnerTRPCProvider>
  );
}

/** Calls inside manage `projectId` with the owner's session (admin access). */
export function ProjectScope({ projectId, children }: { projectId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const client = useMemo(() => createProjectClient(projectId), [projectId]);
  return (
    <TRPCProvider trpcClient={client} queryClient={queryClient} keyPrefix={`project:${projectId}`}>
      {children}
    </TRPCProvider>
  );
}

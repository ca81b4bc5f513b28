/** The managed project (admin view) and its update, shared by the settings pages. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/ui.js";
import { useTRPC } from "./trpc.js";

export function useAdminProject() {
  const trpc = useTRPC();
  return useQuery(trpc.getAdminProject.queryOptions());
}

export function useUpdateProject(successText = "Saved") {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation(
    trpc.updateAdminProject.mutationOptions({
      onSuccess: (project) => {
        queryClient.setQueryData(trpc.getAdminProject.queryKey(), project);
        void queryClient.invalidateQueries({ queryKey: trpc.getProductionModeProblems.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.getConfig.queryKey() });
        toast(successText);
      },
      onError: () => toast("Could not save the change", "bad"),
    }),
  );
}

/** The rendered configuration tree (JSON), for settings the legacy project view does not show. */
export function useConfigTree() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getConfig.queryOptions(), select: (data) => JSON.parse(data.config_string) as ConfigTree });
}

export function useConfigOverride(successText = "Saved") {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation(
    trpc.updateConfigOverride.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.getConfig.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.getAdminProject.queryKey() });
        toast(successText);
      },
    }),
  );
}

export interface OAuthProviderTree {
  type?: string;
  issuerUrl?: string;
  isShared: boolean;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  clientId?: string;
  clientSecret?: string;
  facebookConfigId?: string;
  microsoftTenantId?: string;
}

export interface ConfigTree {
  auth?: { oauth?: { providers?: Record<string, OAuthProviderTree>; accountMergeStrategy?: string }; passkey?: { requireSecondFactor?: boolean } };
  [key: string]: unknown;
}

/** The bar above every signed-in page: product name, theme switch, the owner and sign-out. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Moon, Sun } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../components/ui.js";
import { signOut } from "../lib/session.js";
import { applyTheme, initialTheme, type Theme } from "../lib/theme.js";
import { useOwnerTRPC } from "../lib/trpc.js";

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
      onClick={() => {
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      {theme === "dark" ? <Sun aria-hidden className="size-4" /> : <Moon aria-hidden className="size-4" />}
    </Button>
  );
}

export function TopBar({ children }: { children?: ReactNode }) {
  const trpc = useOwnerTRPC();
  const me = useQuery(trpc.getCurrentUser.queryOptions());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <header className="flex h-14 items-center gap-3 border-b border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-900">
      <Link to="/" className="font-semibold tracking-tight">
        Latchkey
      </Link>
      {children}
      <div className="ml-auto flex items-center gap-2">
        <span className="hidden text-sm text-zinc-600 sm:inline dark:text-zinc-400" data-testid="owner-email">
          {me.data?.primary_email ?? ""}
        </span>
        <ThemeToggle />
        <Button
          variant="ghost"
          aria-label="Sign out"
          title="Sign out"
          onClick={() => {
            void signOut().then(() => {
              queryClient.clear();
              void navigate("/sign-in");
            });
          }}
        >
          <LogOut aria-hidden className="size-4" />
        </Button>
      </div>
    </header>
  );
}

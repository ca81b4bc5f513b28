/** A project's frame: the sidebar with its pages, the project switcher, and the page inside. */
import { useQuery } from "@tanstack/react-query";
import { Activity, Menu } from "lucide-react";
import { useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate, useParams } from "react-router";
import { cx, Select } from "../components/ui.js";
import { useOwnerTRPC } from "../lib/trpc.js";
import { ProjectScope } from "./OwnerScope.js";
import { projectSections } from "./project-sections.js";
import { TopBar } from "./TopBar.js";

function ProjectSwitcher({ projectId }: { projectId: string }) {
  const trpc = useOwnerTRPC();
  const projects = useQuery(trpc.listOwnedProjects.queryOptions());
  const navigate = useNavigate();
  const location = useLocation();
  const items = projects.data?.items ?? [];
  return (
    <Select
      aria-label="Switch project"
      className="max-w-56"
      value={projectId}
      onChange={(event) => {
        const value = event.target.value;
        if (value === "__new") void navigate("/new-project");
        else {
          // Stay on the same kind of page in the other project.
          const section = location.pathname.split("/")[3] ?? "";
          void navigate(`/projects/${value}/${section}`);
        }
      }}
    >
      {items.length === 0 && <option value={projectId}>{projects.isPending ? "Loading projects…" : projectId}</option>}
      {items.map((p) => (
        <option key={p.id} value={p.id}>
          {p.display_name}
        </option>
      ))}
      <option value="__new">+ New project…</option>
    </Select>
  );
}

export function ProjectLayout() {
  const { projectId = "" } = useParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar>
        <ProjectSwitcher projectId={projectId} />
        <button
          type="button"
          className="rounded-md p-1.5 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="project-nav"
          aria-label="Project menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Menu aria-hidden className="size-5" />
        </button>
      </TopBar>
      <div className="flex flex-1">
        <nav
          id="project-nav"
          aria-label="Project"
          className={cx(
            "w-56 shrink-0 border-r border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900",
            menuOpen ? "absolute z-30 h-[calc(100vh-3.5rem)] shadow-lg lg:static lg:shadow-none" : "hidden lg:block",
          )}
        >
          <ul className="flex flex-col gap-0.5">
            {projectSections.map(({ path: to, label, icon: Icon }) => (
              <li key={label}>
                <NavLink
                  end={to === ""}
                  to={`/projects/${projectId}/${to}`}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    cx(
                      "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                      isActive ? "bg-indigo-50 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-1 px-2 text-xs text-zinc-500 dark:text-zinc-400">
            <Activity aria-hidden className="size-3" /> {projectId}
          </p>
        </nav>
        <main className="min-w-0 flex-1 p-6" key={location.pathname.split("/")[2]}>
          <ProjectScope projectId={projectId}>
            <Outlet />
          </ProjectScope>
        </main>
      </div>
    </div>
  );
}

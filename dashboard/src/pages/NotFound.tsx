import { Link } from "react-router";

export default function NotFound() {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-semibold">Nothing here</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        This address does not lead to a dashboard page. <Link className="text-indigo-700 underline dark:text-indigo-300" to="/">Back to your projects</Link>
      </p>
    </div>
  );
}

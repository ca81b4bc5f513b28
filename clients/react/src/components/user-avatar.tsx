/** A user's picture, or their initials on a coloured disc when there is none (or it fails to load). */
import { useState } from "react";
import { format, useMessages } from "../i18n/index.js";
import { authMessages } from "./messages.js";

export interface UserAvatarProps {
  user?: { displayName?: string | null; primaryEmail?: string | null; profileImageUrl?: string | null } | null;
  /** Size in pixels (default 34). */
  size?: number;
}

function initials(name: string): string {
  const words = name.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words[1]?.[0] ?? "")).toUpperCase() || "?";
}

export function UserAvatar({ user, size = 34 }: UserAvatarProps) {
  const t = useMessages(authMessages);
  const [failed, setFailed] = useState(false);
  const name = user?.displayName ?? user?.primaryEmail ?? "";
  const label = format(t.userAvatar, { name: name || "?" });
  const image = user?.profileImageUrl;
  return (
    <span className="lk-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} role="img" aria-label={label}>
      {image && !failed ? <img src={image} alt="" width={size} height={size} onError={() => setFailed(true)} /> : <span aria-hidden="true">{initials(name)}</span>}
    </span>
  );
}

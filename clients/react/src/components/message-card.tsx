/** A card with a title, a message and up to two actions (Stack's `MessageCard`). */
import type { ReactNode } from "react";
import { Button, Card } from "./ui.js";

export interface MessageCardProps {
  title: ReactNode;
  children?: ReactNode;
  fullPage?: boolean;
  primaryButtonText?: string;
  primaryAction?: () => void;
  secondaryButtonText?: string;
  secondaryAction?: () => void;
}

/**
 * @example
 * ```tsx
 * <MessageCard title="Signed out" primaryButtonText="Sign in again" primaryAction={() => void app.redirectToSignIn()} />
 * ```
 */
export function MessageCard({ title, children, fullPage, primaryButtonText, primaryAction, secondaryButtonText, secondaryAction }: MessageCardProps) {
  return (
    <Card title={title} fullPage={fullPage}>
      {typeof children === "string" ? <p className="lk-muted lk-center">{children}</p> : children}
      {(primaryAction || secondaryAction) && (
        <div className="lk-stack">
          {primaryAction && primaryButtonText && <Button onClick={primaryAction}>{primaryButtonText}</Button>}
          {secondaryAction && secondaryButtonText && (
            <Button variant="secondary" onClick={secondaryAction}>
              {secondaryButtonText}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

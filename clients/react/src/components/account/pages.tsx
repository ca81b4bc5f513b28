/** The shared frame of the two one-question pages (team invitation, CLI confirmation). */
import type { ReactNode } from "react";
import { BrandHeader } from "../branding.js";

export function QuestionCard({ title, children, fullPage }: { title: string; children: ReactNode; fullPage: boolean }) {
  const card = (
    <div className="lk-acc lk-acc-card">
      <h1 className="lk-acc-title">{title}</h1>
      {children}
    </div>
  );
  return fullPage ? (
    <main className="lk-acc-page lk-acc-page-center">
      <BrandHeader />
      {card}
    </main>
  ) : card;
}

/** A query parameter of the current address (none outside a browser). */
export function queryParam(name: string): string | null {
  return typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get(name);
}

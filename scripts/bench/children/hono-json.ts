/**
 * Baseline child: the bare Hono JSON endpoint every figure is divided by.
 * Usage: node --import tsx hono-json.ts <port>
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: "127.0.0.1" });

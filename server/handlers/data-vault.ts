import type * as c from "../../contract/data-vault.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { getVaultValue, setVaultValue } from "../services/vault.js";

const setDataVaultValue: Handler<typeof c.setDataVaultValue> = async (ctx, { params, body }) => {
  await setVaultValue(ctx.deps, ctx.auth.project.id, params.store_id, body.hashed_key, body.encrypted_value);
  return { success: true };
};

const getDataVaultValue: Handler<typeof c.getDataVaultValue> = async (ctx, { params, body }) => ({
  encrypted_value: await getVaultValue(ctx.deps, ctx.auth.project.id, params.store_id, body.hashed_key),
});

export const dataVaultHandlers = { setDataVaultValue, getDataVaultValue } satisfies HandlerMap<typeof c.dataVaultProcedures>;

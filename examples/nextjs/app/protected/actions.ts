"use server";
import { revalidatePath } from "next/cache";
import { stackServerApp } from "../../stack";

// A server action: reads the user from the request's cookies and changes the display name.
export async function rename(form: FormData): Promise<void> {
  const displayName = form.get("displayName");
  if (typeof displayName !== "string" || displayName.trim() === "" || displayName.length > 100) return;
  const user = await stackServerApp.getUser({ or: "throw" });
  await user.update({ displayName: displayName.trim() });
  revalidatePath("/protected");
}

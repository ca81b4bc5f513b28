import { useRef, useState, type FormEvent } from "react";
import { useMessages } from "../../../i18n/index.js";
import { useAction } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Avatar, Button, Field, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** The longest side of a saved profile image; keeps the data URL well under the server's 100 KB. */
const IMAGE_SIZE = 160;

/** Reads an image file and scales it into a square JPEG data URL (the client API takes base64 images only). */
async function imageToDataUrl(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error("not an image");
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = IMAGE_SIZE;
  canvas.height = IMAGE_SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, IMAGE_SIZE, IMAGE_SIZE);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.85);
}

export function ProfileSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const nameAction = useAction();
  const imageAction = useAction();
  const [name, setName] = useState(user.displayName ?? "");
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shownName = user.displayName ?? user.primaryEmail ?? "";

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    void nameAction.run(() => user.update({ displayName: name.trim() }), t.saved);
  };
  const pickImage = async (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    let dataUrl: string;
    try {
      dataUrl = await imageToDataUrl(file);
    } catch {
      setImageError(t.profileImageInvalid);
      return;
    }
    await imageAction.run(() => user.update({ profileImageUrl: dataUrl }), t.saved);
  };

  return (
    <Section id="lk-account-profile" title={t.sectionProfile}>
      <form className="lk-acc-form" onSubmit={saveName}>
        <Field label={t.displayName} hint={t.displayNameHelp} value={name} maxLength={256} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        <div className="lk-acc-actions">
          <Button type="submit" variant="primary" busy={nameAction.busy} disabled={name.trim() === (user.displayName ?? "")}>
            {nameAction.busy ? t.saving : t.save}
          </Button>
        </div>
        <ActionNotices action={nameAction} />
      </form>
      <div className="lk-acc-subsection">
        <h3 className="lk-acc-subtitle">{t.profileImage}</h3>
        <div className="lk-acc-row">
          <Avatar name={shownName} imageUrl={user.profileImageUrl} size={56} />
          <div className="lk-acc-actions">
            <input ref={fileInput} type="file" accept="image/*" className="lk-acc-visually-hidden" tabIndex={-1} aria-hidden="true" onChange={(e) => void pickImage(e.target.files?.[0])} />
            <Button busy={imageAction.busy} onClick={() => fileInput.current?.click()}>{t.profileImageChange}</Button>
            {user.profileImageUrl && (
              <Button variant="ghost" busy={imageAction.busy} onClick={() => void imageAction.run(() => user.update({ profileImageUrl: null }), t.saved)}>
                {t.profileImageRemove}
              </Button>
            )}
          </div>
        </div>
        <p className="lk-acc-hint">{t.profileImageHelp}</p>
        {imageError ? <p className="lk-acc-notice lk-acc-notice-error" role="alert">{imageError}</p> : <ActionNotices action={imageAction} />}
      </div>
    </Section>
  );
}

import { KnownError, type KnownErrorJson } from "./known-error.js";
import { codeOf, knownErrorNames, type CodeOf, type KnownErrorName } from "./names.js";

type Table = typeof knownErrorNames;
type ChildrenOf<N extends KnownErrorName> = { [K in KnownErrorName]: Table[K] extends N ? K : never }[KnownErrorName];
/** The codes an instance of `N` may carry: its own and its descendants'. */
type CodesUnder<N extends KnownErrorName> = [N] extends [never] ? never : CodeOf<N> | CodesUnder<ChildrenOf<N>>;

/** An instance of the known error called `N` (or of one of its subclasses). */
export type KnownErrorOf<N extends KnownErrorName> = KnownError & { readonly errorCode: CodesUnder<N> };

/** The class of the known error called `N`. */
export interface KnownErrorClass<N extends KnownErrorName> {
  new (details?: Record<string, unknown>, message?: string, statusCode?: number): KnownErrorOf<N>;
  readonly errorCode: CodeOf<N>;
  /**
   * Whether `error` is this known error or one of its subclasses (the same as `instanceof`).
   * @example
   * ```ts
   * try {
   *   await user.leaveTeam(team);
   * } catch (error) {
   *   if (KnownErrors.TeamMembershipNotFound.isInstance(error)) console.log("Not a member any more");
   *   else throw error;
   * }
   * ```
   */
  isInstance(error: unknown): error is KnownErrorOf<N>;
}

function buildClasses(): { [N in KnownErrorName]: KnownErrorClass<N> } {
  const classes: Record<string, typeof KnownError> = {};
  for (const [name, parentName] of Object.entries(knownErrorNames) as [KnownErrorName, KnownErrorName | null][]) {
    const code = codeOf(name);
    const Parent = parentName ? classes[parentName]! : KnownError;
    const Class = class extends Parent {
      static override readonly errorCode: string = code;
    };
    Object.defineProperty(Class, "name", { value: name });
    classes[name] = Class;
  }
  return classes as unknown as { [N in KnownErrorName]: KnownErrorClass<N> };
}

/**
 * The known errors as classes, by Stack's names. `instanceof` and `isInstance` match a class and its
 * subclasses (`VerificationCodeError` matches `VerificationCodeAlreadyUsed`).
 *
 * @example
 * ```ts
 * const result = await app.signInWithCredential({ email, password });
 * if (result.status === "error" && result.error instanceof KnownErrors.EmailPasswordMismatch) {
 *   showError("Wrong e-mail or password");
 * }
 * ```
 */
export const KnownErrors = buildClasses();

/** The instance type of each known error, by name: `KnownErrors["UserNotFound"]`. */
export type KnownErrors = { [N in KnownErrorName]: KnownErrorOf<N> };

const byCode = new Map<string, typeof KnownError>(
  Object.values(KnownErrors).map((Class) => [Class.errorCode, Class as unknown as typeof KnownError]),
);

/**
 * Rebuilds a known error from its wire body. An unknown code becomes `UnsupportedError` with the original
 * code in its details.
 */
export function knownErrorFromJson(json: KnownErrorJson, statusCode?: number): KnownError {
  const Class = byCode.get(json.code);
  if (!Class) {
    return new KnownErrors.UnsupportedError(
      { originalErrorCode: json.code },
      `This error is not supported by this version of the SDK; its code was ${json.code}.`,
      statusCode,
    );
  }
  return new Class(json.details, json.error, statusCode);
}

import { AppError } from "../../src/lib/errors.ts";

/** The refusal a policy rule throws (status, code, message), or null when it allows. */
export function refusal(rule: () => void): { status: number; code: string; message: string } | null {
  try {
    rule();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

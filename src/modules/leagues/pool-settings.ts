/** A league's format and pool options in and out of its `format` and `pool` columns (decision 0072). */
import { Value } from "@sinclair/typebox/value";
import { AppError } from "../../lib/errors.ts";
import { PoolOptions } from "../../shared/contract/pools.ts";
import {
  isPool,
  type LeagueFormat,
  type PoolOptions as Options,
  poolOptionsOf,
  poolProblem,
} from "../../shared/pools.ts";
import type { LeagueRow } from "./table.ts";

const invalid = (field: string, message: string) => new AppError(400, "invalid_league", message, {}, { field });

/**
 * The stored options, checked against the schema on read: a column that does not pass (written by
 * hand, or by an older build) reads as the format's defaults rather than failing every answer.
 */
export function poolOf(row: Pick<LeagueRow, "format" | "pool">): Options | null {
  if (!isPool(row.format)) return null;
  try {
    const parsed: unknown = row.pool === null ? {} : JSON.parse(row.pool);
    return Value.Check(PoolOptions, parsed) ? parsed : poolOptionsOf(row.format, {});
  } catch {
    return poolOptionsOf(row.format, {});
  }
}

/**
 * The columns for a format and options sent by Create/Edit League: on edit, what is left out stays as
 * it was (`before`); options fill in their defaults. 400 naming the field at fault.
 */
export function poolColumns(
  input: { format?: LeagueFormat; pool?: Partial<Options> | null },
  before?: Pick<LeagueRow, "format" | "pool">,
): { format: LeagueFormat; pool: string | null } {
  const format = input.format ?? before?.format ?? "bets";
  if (!isPool(format)) {
    if (input.pool) throw invalid("pool", "pool: only a pick'em, confidence or survivor league takes pool options");
    return { format, pool: null };
  }
  const given = input.pool ?? (before && before.format === format ? (poolOf(before) ?? {}) : {});
  const options = poolOptionsOf(format, given);
  const problem = poolProblem(format, options);
  if (problem) throw invalid(problem.field, problem.message);
  return { format, pool: JSON.stringify(options) };
}

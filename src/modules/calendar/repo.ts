import type { Db } from "../../runtime/index.ts";

export function feedOf(db: Db, userId: number) {
  return db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export function ownerOf(db: Db, token: string) {
  return db.selectFrom("calendar_feeds").select("user_id").where("token", "=", token).executeTakeFirst();
}

/** Sets the player's token, replacing the one before (its URL stops working). */
export function replaceToken(db: Db, userId: number, token: string, at: string) {
  return db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, token, created_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token, created_at: at }))
    .execute();
}

export function deleteFeed(db: Db, userId: number) {
  return db.deleteFrom("calendar_feeds").where("user_id", "=", userId).execute();
}

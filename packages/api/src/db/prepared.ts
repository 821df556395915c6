import type { Executor } from './database';

/**
 * A statement made once per database (or transaction) and run again with new values, given as
 * `sql.placeholder(name)`: drizzle builds a statement's SQL text anew on every call, which took
 * about a fifth of the edge's CPU for a typed reading and 5% for a socket handshake (issue 20). A
 * prepared statement runs on the connection pool or transaction it was made on, hence one per
 * executor.
 */
export function preparedStatement<Statement>(prepare: (db: Executor) => Statement): (db: Executor) => Statement {
  const made = new WeakMap<Executor, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) made.set(db, (statement = prepare(db)));
    return statement;
  };
}

import type { Executor } from './database';

/**
 * A statement made once per database (or transaction) and run again with new values, given as
 * `sql.placeholder(name)`: drizzle builds a statement's SQL text anew on every call, which took
 * about a fifth of the edge's CPU for a typed reading and 5% for a socket handshake (issue 20). A
 * prepared statement runs on the connection pool or transaction it was made on, hence one per
 * executor.
 */
export function preparedStatement<Statement>(prepare: (db: Executor) => Statement): (db: Executor) => Statement {
  return oncePer(prepare);
}

/** A value made once per key (a database, a transaction, an edge's `Deps`) and kept while the key lives. */
export function oncePer<Key extends object, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

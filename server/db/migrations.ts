/** app.db migrations: date-named, applied in order, only ever appended to. */
export const migrations: { name: string; sql: string }[] = [
  {
    name: "2026-11-21-core",
    sql: `
CREATE TABLE members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  phonenumber TEXT NOT NULL UNIQUE,
  username TEXT NOT NULL,
  birth TEXT,
  carrier TEXT,
  password_hash TEXT NOT NULL,
  nickname TEXT,
  email TEXT,
  home_address TEXT,
  state TEXT NOT NULL DEFAULT 'repair' CHECK (state IN ('repair','suspension','kickOut')),
  permission TEXT NOT NULL DEFAULT 'user' CHECK (permission IN ('user','exchanger','manager')),
  is_app INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE admins (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  login_id TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  permission INTEGER NOT NULL DEFAULT 1,
  flags TEXT NOT NULL DEFAULT '{}',
  member_id INTEGER REFERENCES members(id),
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE TABLE wallets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  address TEXT NOT NULL UNIQUE,
  encrypted_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('member','treasury','fee','settlement','operator','custom','sender')),
  member_id INTEGER REFERENCES members(id),
  nickname TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX wallets_member ON wallets(member_id);
CREATE TABLE lockouts (
  subject TEXT PRIMARY KEY,
  failures INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
CREATE TABLE verifications (
  key TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('signup','reauth')),
  status TEXT NOT NULL DEFAULT 'issued' CHECK (status IN ('issued','verified','used')),
  code INTEGER,
  name TEXT,
  birth TEXT,
  phone TEXT,
  carrier TEXT,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE revoked_tokens (jti TEXT PRIMARY KEY, expires_at TEXT NOT NULL);
CREATE TABLE transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('gift','use','buy','settlement','settlement_return','admin','seed')),
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  nonce TEXT NOT NULL UNIQUE,
  valid_before INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','submitted','confirmed','failed')),
  tx_hash TEXT,
  block_number INTEGER,
  error TEXT,
  member_id INTEGER REFERENCES members(id),
  counterparty_member_id INTEGER REFERENCES members(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX transfers_from_status ON transfers(from_address, status);
CREATE INDEX transfers_status ON transfers(status, id);
CREATE INDEX transfers_member ON transfers(member_id, kind);
CREATE INDEX transfers_counterparty ON transfers(counterparty_member_id, kind);
CREATE TABLE chain_calls (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  method TEXT NOT NULL,
  args TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','submitted','confirmed','failed')),
  tx_hash TEXT,
  block_number INTEGER,
  error TEXT,
  admin_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE buy_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL REFERENCES members(id),
  value INTEGER NOT NULL CHECK (value > 0),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','confirmed','cancelled')),
  bank_name TEXT,
  bank_account TEXT,
  owner_name TEXT,
  transfer_id INTEGER REFERENCES transfers(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  confirmed_at TEXT,
  cancelled_at TEXT
);
CREATE INDEX buy_orders_member ON buy_orders(member_id, created_at);
CREATE INDEX buy_orders_state ON buy_orders(state, expires_at);
CREATE TABLE idempotency (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER,
  response TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE TABLE favorites (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id INTEGER NOT NULL REFERENCES members(id),
  nickname TEXT NOT NULL,
  address TEXT NOT NULL,
  checked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (member_id, address)
);
CREATE TABLE bank_accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bank_name TEXT NOT NULL,
  bank_account TEXT NOT NULL,
  owner_name TEXT NOT NULL,
  nickname TEXT,
  is_main INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE policies (
  id INTEGER PRIMARY KEY,
  content TEXT NOT NULL,
  state INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE boards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL CHECK (type IN ('notice','faq','event','inquiry')),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  member_id INTEGER REFERENCES members(id),
  category TEXT,
  state TEXT NOT NULL DEFAULT '1',
  reply TEXT,
  start_at TEXT,
  end_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX boards_type ON boards(type, created_at);
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  category TEXT NOT NULL,
  type TEXT NOT NULL,
  message TEXT NOT NULL,
  ref_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
  },
];

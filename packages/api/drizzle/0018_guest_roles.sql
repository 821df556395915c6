-- More than two people in a video visit (issue 18): a guest link says why the guest comes
-- (interpreter, family, other); links sent before there were roles are 'other'.
ALTER TABLE "telehealth_invitations" ADD COLUMN "role" text DEFAULT 'other' NOT NULL;

/**
 * The entry of earn and proof of reserves in core (`@quay/core/earn`): the
 * wire shapes and the reserves' Merkle tree in Bitget's form. Its own entry,
 * beside `index.ts`, which has no room left under the line limit.
 */
export { EARN_PATHS, EARN_PRODUCT_TYPES, EARN_RECORD_KINDS, RESERVES_PATHS } from './earn-api';
export type {
  EarnProductType,
  EarnRecordKind,
  EarnTier,
  EarnProduct,
  EarnHolding,
  EarnSubscribe,
  EarnRedeem,
  EarnRedeemed,
  EarnRecord,
  EarnDay,
  ReservesCoin,
  ReservesSnapshot,
  ReservesPathStep,
  ReservesProof,
  ReservesHistory,
} from './earn-api';
export {
  PAD_HASH,
  balancesJson,
  sumBalances,
  leafHash,
  parentHash,
  buildTree,
  pathOf,
  verifyProof,
} from './reserves-merkle';
export type { Sha256Hex, MerkleNode, VerifyStep, ProofCheck } from './reserves-merkle';

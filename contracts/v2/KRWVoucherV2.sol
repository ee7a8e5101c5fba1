// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// The v2 custom errors.
interface IKRWVoucherV2Errors {
    error ZeroAddress();
    error NotMinter(address account);
    error NotBurner(address account);
    error NotBlocker(address account);
    error NotPauser(address account);
    error NotRelayer(address account);
    error AccountBlocked(address account);
    error InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error AuthorizationNotYetValid(uint256 validAfter, uint256 nowTime);
    error AuthorizationExpired(uint256 validBefore, uint256 nowTime);
    error AuthorizationUsedOrCanceled(address authorizer, uint256 nonce);
    error InvalidSignature(address expected, address recovered);
    error ZeroAmount();
    error EmptyBatch();
    /// Minting would take the supply past 2^255 - 1 (the top bit of an account word is the blocked flag).
    error SupplyOverflow(uint256 totalSupply, uint256 amount);
    /// The same names and selectors as OpenZeppelin's Pausable.
    error EnforcedPause();
    error ExpectedPause();
}

/// TEST ANCHOR ONLY, never deployed by the app: KRWVoucher v2 frozen as it shipped (no minter allowances,
/// OpenZeppelin-style role checks, its own InsufficientBalance), so the gas test can hold v3 to its figures and the
/// bootstrap test can put a v2 contract behind a DATA_DIR.
/// @title KRW Voucher v2: 1 token = 1 won, custodial wallets, relayed EIP-3009-style transfers with a fee.
/// @notice
/// - Authorization nonces are unordered bitmap nonces (Permit2-style): nonce = word << 8 | bit. Using or
///   cancelling one flips its bit in `nonceBitmap(authorizer, word)`; consecutive nonces of a wallet share
///   a storage word, so only its first authorization in every 256 pays for a fresh slot.
/// - An account's storage word holds its balance (low 255 bits) and its blocked flag (top bit), the way
///   Circle's FiatToken v2.2 packs its blacklist: every transfer reads both for the price of one.
/// - Blocking is as strict as FiatToken's: a blocked address cannot send, receive, approve, be approved,
///   or spend an allowance; while paused, nothing moves and no approval, authorization or cancel runs.
contract KRWVoucherV2 is ERC20, ERC20Permit, AccessControl, IKRWVoucherV2Errors {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");
    bytes32 public constant BLOCKER_ROLE = keccak256("BLOCKER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 fee,uint256 validAfter,uint256 validBefore,uint256 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,uint256 nonce)");

    uint256 private constant BLOCKED = 1 << 255;
    uint256 private constant BALANCE_MASK = BLOCKED - 1;

    struct Authorization {
        address from;
        address to;
        uint256 value;
        uint256 fee;
        uint256 validAfter;
        uint256 validBefore;
        uint256 nonce;
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    /// balance | (blocked ? BLOCKED : 0)
    mapping(address account => uint256) private _accounts;
    uint256 private _supply;
    /// One slot: the fee-collector and the pause flag are read together on every relayed transfer.
    address public feeCollector;
    bool private _paused;
    mapping(address authorizer => mapping(uint256 word => uint256 bits)) private _nonceBitmap;

    event FeeCollectorChanged(address indexed previousCollector, address indexed newCollector);
    event Minted(address indexed minter, address indexed to, uint256 amount);
    event Burned(address indexed burner, address indexed from, uint256 amount);
    event Blocked(address indexed blocker, address indexed account);
    event Unblocked(address indexed blocker, address indexed account);
    event Paused(address account);
    event Unpaused(address account);
    event AuthorizationCanceled(address indexed authorizer, uint256 indexed nonce);
    /// The authorization `nonce` of `from` was used: `value` went to `to` and `fee` to the fee collector
    /// (each also has its ERC-20 Transfer just before this event).
    event TransferWithFee(address indexed from, address indexed to, uint256 value, uint256 fee, uint256 indexed nonce);
    /// A batch item did not run; `reason` is the custom error it would have reverted with. Nothing changed for it.
    event AuthorizationFailed(uint256 indexed index, address indexed authorizer, uint256 indexed nonce, bytes reason);

    modifier onlyMinter() {
        if (!hasRole(MINTER_ROLE, _msgSender())) revert NotMinter(_msgSender());
        _;
    }

    modifier onlyBurner() {
        if (!hasRole(BURNER_ROLE, _msgSender())) revert NotBurner(_msgSender());
        _;
    }

    modifier onlyBlocker() {
        if (!hasRole(BLOCKER_ROLE, _msgSender())) revert NotBlocker(_msgSender());
        _;
    }

    modifier onlyPauser() {
        if (!hasRole(PAUSER_ROLE, _msgSender())) revert NotPauser(_msgSender());
        _;
    }

    modifier onlyRelayer() {
        if (!hasRole(RELAYER_ROLE, _msgSender())) revert NotRelayer(_msgSender());
        _;
    }

    modifier whenNotPaused() {
        if (_paused) revert EnforcedPause();
        _;
    }

    constructor(address admin, address feeCollector_) ERC20("KRW Voucher", "KRWV") ERC20Permit("KRW Voucher") {
        if (admin == address(0) || feeCollector_ == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        feeCollector = feeCollector_;
        emit FeeCollectorChanged(address(0), feeCollector_);
    }

    /// Whole won only.
    function decimals() public pure override returns (uint8) {
        return 0;
    }

    // ---- admin ----

    function setFeeCollector(address newCollector) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newCollector == address(0)) revert ZeroAddress();
        emit FeeCollectorChanged(feeCollector, newCollector);
        feeCollector = newCollector;
    }

    /// Roles are never granted to the zero address.
    function _grantRole(bytes32 role, address account) internal override returns (bool) {
        if (account == address(0)) revert ZeroAddress();
        return super._grantRole(role, account);
    }

    // ---- supply ----

    function mint(address to, uint256 amount) external onlyMinter {
        if (amount == 0) revert ZeroAmount();
        _mint(to, amount);
        emit Minted(_msgSender(), to, amount);
    }

    /// Settlement: the burner burns from the escrow that holds the settled amount.
    function burn(address from, uint256 amount) external onlyBurner {
        if (amount == 0) revert ZeroAmount();
        _burn(from, amount);
        emit Burned(_msgSender(), from, amount);
    }

    // ---- balances (own storage: balance and blocked flag share a word) ----

    function totalSupply() public view override returns (uint256) {
        return _supply;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _accounts[account] & BALANCE_MASK;
    }

    /// Every balance change goes through here (or through `_tryTransferWithAuthorization`, which runs
    /// the same checks first): pause, blocked parties, balance. OpenZeppelin's storage is not used.
    function _update(address from, address to, uint256 value) internal override whenNotPaused {
        if (from == address(0)) {
            uint256 supply = _supply + value;
            if (supply > BALANCE_MASK) revert SupplyOverflow(_supply, value);
            _supply = supply;
        } else {
            uint256 account = _accounts[from];
            if (account & BLOCKED != 0) revert AccountBlocked(from);
            if (to != address(0) && _accounts[to] & BLOCKED != 0) revert AccountBlocked(to);
            uint256 balance = account & BALANCE_MASK;
            if (balance < value) revert InsufficientBalance(from, balance, value);
            unchecked {
                _accounts[from] = account - value;
            }
        }
        if (to == address(0)) {
            unchecked {
                _supply -= value; // value <= balance <= supply
            }
        } else {
            uint256 account = _accounts[to];
            if (account & BLOCKED != 0) revert AccountBlocked(to);
            unchecked {
                _accounts[to] = account + value; // balance + value <= supply <= BALANCE_MASK
            }
        }
        emit Transfer(from, to, value);
    }

    // ---- allowances (FiatToken rules: no approving while paused, nobody blocked on either side) ----

    /// approve, permit and the allowance decrease of transferFrom all come here.
    function _approve(address owner, address spender, uint256 value, bool emitEvent) internal override whenNotPaused {
        _requireNotBlocked(owner);
        _requireNotBlocked(spender);
        super._approve(owner, spender, value, emitEvent);
    }

    /// The spender must not be blocked, even with an infinite allowance (which skips `_approve`).
    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        _requireNotBlocked(_msgSender());
        return super.transferFrom(from, to, value);
    }

    function _requireNotBlocked(address account) private view {
        if (_accounts[account] & BLOCKED != 0) revert AccountBlocked(account);
    }

    // ---- blocking and pause ----

    function blockAccount(address account) external onlyBlocker {
        if (account == address(0)) revert ZeroAddress();
        _accounts[account] |= BLOCKED;
        emit Blocked(_msgSender(), account);
    }

    function unblockAccount(address account) external onlyBlocker {
        _accounts[account] &= BALANCE_MASK;
        emit Unblocked(_msgSender(), account);
    }

    function isBlocked(address account) public view returns (bool) {
        return _accounts[account] & BLOCKED != 0;
    }

    function paused() public view returns (bool) {
        return _paused;
    }

    function pause() external onlyPauser whenNotPaused {
        _paused = true;
        emit Paused(_msgSender());
    }

    function unpause() external onlyPauser {
        if (!_paused) revert ExpectedPause();
        _paused = false;
        emit Unpaused(_msgSender());
    }

    // ---- authorizations (EIP-3009 style, with a fee, unordered bitmap nonces) ----

    /// True once `nonce` of `authorizer` was used or cancelled.
    function authorizationState(address authorizer, uint256 nonce) external view returns (bool) {
        return _nonceBitmap[authorizer][nonce >> 8] & (1 << (nonce & 0xff)) != 0;
    }

    /// The 256 nonce bits of one word: bit b set means nonce `word << 8 | b` is used or cancelled.
    function nonceBitmap(address authorizer, uint256 word) external view returns (uint256) {
        return _nonceBitmap[authorizer][word];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 fee,
        uint256 validAfter,
        uint256 validBefore,
        uint256 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyRelayer {
        bytes memory reason =
            _tryTransferWithAuthorization(Authorization(from, to, value, fee, validAfter, validBefore, nonce, v, r, s));
        if (reason.length != 0) {
            assembly ("memory-safe") {
                revert(add(reason, 32), mload(reason))
            }
        }
    }

    /// Runs each authorization on its own: a bad one changes nothing, emits AuthorizationFailed with
    /// the error it would have reverted with, and the rest go on.
    function batchTransferWithAuthorization(Authorization[] calldata auths)
        external
        onlyRelayer
        returns (bool[] memory ok)
    {
        uint256 n = auths.length;
        if (n == 0) revert EmptyBatch();
        ok = new bool[](n);
        for (uint256 i = 0; i < n; ++i) {
            bytes memory reason = _tryTransferWithAuthorization(auths[i]);
            if (reason.length == 0) ok[i] = true;
            else emit AuthorizationFailed(i, auths[i].from, auths[i].nonce, reason);
        }
    }

    function cancelAuthorization(address authorizer, uint256 nonce, uint8 v, bytes32 r, bytes32 s)
        external
        whenNotPaused
    {
        (uint256 word, uint256 bit) = _nonceBit(nonce);
        uint256 bits = _nonceBitmap[authorizer][word];
        if (bits & bit != 0) revert AuthorizationUsedOrCanceled(authorizer, nonce);
        bytes32 structHash = keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce));
        address recovered = _recover(structHash, v, r, s);
        if (recovered == address(0) || recovered != authorizer) revert InvalidSignature(authorizer, recovered);
        _nonceBitmap[authorizer][word] = bits | bit;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    /**
     * The whole relayed transfer. Every check runs before any write, and a failed check returns the
     * ABI-encoded custom error instead of reverting, so a batch isolates items without a self-call.
     * The writes cannot fail once the checks pass. Returns empty bytes on success.
     */
    function _tryTransferWithAuthorization(Authorization memory a) private returns (bytes memory) {
        address collector = feeCollector;
        if (_paused) return abi.encodeWithSelector(EnforcedPause.selector);
        if (a.value == 0) return abi.encodeWithSelector(ZeroAmount.selector);
        if (block.timestamp <= a.validAfter) {
            return abi.encodeWithSelector(AuthorizationNotYetValid.selector, a.validAfter, block.timestamp);
        }
        if (block.timestamp >= a.validBefore) {
            return abi.encodeWithSelector(AuthorizationExpired.selector, a.validBefore, block.timestamp);
        }
        (uint256 word, uint256 bit) = _nonceBit(a.nonce);
        uint256 bits = _nonceBitmap[a.from][word];
        if (bits & bit != 0) return abi.encodeWithSelector(AuthorizationUsedOrCanceled.selector, a.from, a.nonce);
        address recovered = _recover(
            keccak256(
                abi.encode(
                    TRANSFER_WITH_AUTHORIZATION_TYPEHASH,
                    a.from,
                    a.to,
                    a.value,
                    a.fee,
                    a.validAfter,
                    a.validBefore,
                    a.nonce
                )
            ),
            a.v,
            a.r,
            a.s
        );
        if (recovered == address(0) || recovered != a.from) return abi.encodeWithSelector(InvalidSignature.selector, a.from, recovered);
        if (a.to == address(0)) return abi.encodeWithSelector(ERC20InvalidReceiver.selector, address(0));

        uint256 fromAccount = _accounts[a.from];
        if (fromAccount & BLOCKED != 0) return abi.encodeWithSelector(AccountBlocked.selector, a.from);
        if (_accounts[a.to] & BLOCKED != 0) return abi.encodeWithSelector(AccountBlocked.selector, a.to);
        if (a.fee != 0 && _accounts[collector] & BLOCKED != 0) {
            return abi.encodeWithSelector(AccountBlocked.selector, collector);
        }
        uint256 balance = fromAccount & BALANCE_MASK;
        uint256 needed;
        unchecked {
            needed = a.value + a.fee;
        }
        if (needed < a.value || balance < needed) {
            return abi.encodeWithSelector(InsufficientBalance.selector, a.from, balance, needed < a.value ? type(uint256).max : needed);
        }

        _nonceBitmap[a.from][word] = bits | bit;
        unchecked {
            // Supply is conserved and every balance is <= supply <= BALANCE_MASK: no overflow into the flag.
            _accounts[a.from] = fromAccount - needed;
            _accounts[a.to] += a.value;
            emit Transfer(a.from, a.to, a.value);
            if (a.fee != 0) {
                _accounts[collector] += a.fee;
                emit Transfer(a.from, collector, a.fee);
            }
        }
        emit TransferWithFee(a.from, a.to, a.value, a.fee, a.nonce);
        return "";
    }

    function _nonceBit(uint256 nonce) private pure returns (uint256 word, uint256 bit) {
        return (nonce >> 8, 1 << (nonce & 0xff));
    }

    /// The signer of an EIP-712 message of this domain, or address(0) for a malformed signature.
    function _recover(bytes32 structHash, uint8 v, bytes32 r, bytes32 s) private view returns (address) {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(_hashTypedDataV4(structHash), v, r, s);
        return err == ECDSA.RecoverError.NoError ? recovered : address(0);
    }

    // ---- OpenZeppelin plumbing ----

    function nonces(address owner) public view override(ERC20Permit) returns (uint256) {
        return super.nonces(owner);
    }
}

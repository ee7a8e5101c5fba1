// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IKRWVoucherErrors} from "./IKRWVoucherErrors.sol";

/// @title KRW Voucher v3: 1 token = 1 won, custodial wallets, relayed EIP-3009-style transfers with a fee.
/// @notice
/// - Authorization nonces are unordered bitmap nonces (Permit2-style): nonce = word << 8 | bit. Using or
///   cancelling one flips its bit in `nonceBitmap(authorizer, word)`; consecutive nonces of a wallet share
///   a storage word, so only its first authorization in every 256 pays for a fresh slot.
/// - An account's storage word holds its balance (low 248 bits), its operational roles (minter, burner,
///   blocker, pauser, relayer) and its blocked flag (top bit), the way Circle's FiatToken v2.2 packs its
///   blacklist: a transfer reads balance and blocked flag for the price of one read, a role check reads role
///   and blocked flag for the price of one read.
/// - Minters mint within a minter allowance that the master minter configures, increases or removes
///   (FiatToken's rules).
/// - Blocking is as strict as FiatToken's: a blocked address cannot send, receive, approve, be approved,
///   or spend an allowance, and a blocked minter, burner, pauser or relayer cannot act; while paused, nothing
///   moves and no approval, authorization, cancel or minter configuration runs (removing a minter does).
contract KRWVoucher is ERC20, ERC20Permit, AccessControl, IKRWVoucherErrors {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant MASTER_MINTER_ROLE = keccak256("MASTER_MINTER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");
    bytes32 public constant BLOCKER_ROLE = keccak256("BLOCKER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 fee,uint256 validAfter,uint256 validBefore,uint256 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 fee,uint256 validAfter,uint256 validBefore,uint256 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,uint256 nonce)");
    /// ERC-2612's type hash, the one OpenZeppelin's ERC20Permit signs with (it keeps its own private).
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    // An account word: [blocked | minter | burner | blocker | pauser | relayer | 2 unused | balance: 248 bits].
    uint256 private constant BLOCKED = 1 << 255;
    uint256 private constant MINTER_FLAG = 1 << 254;
    uint256 private constant BURNER_FLAG = 1 << 253;
    uint256 private constant BLOCKER_FLAG = 1 << 252;
    uint256 private constant PAUSER_FLAG = 1 << 251;
    uint256 private constant RELAYER_FLAG = 1 << 250;
    uint256 private constant BALANCE_MASK = (1 << 248) - 1;

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

    /// balance | role flags | (blocked ? BLOCKED : 0)
    mapping(address account => uint256) private _accounts;
    uint256 private _supply;
    /// One slot: the fee-collector and the pause flag are read together on every relayed transfer.
    address public feeCollector;
    bool private _paused;
    mapping(address authorizer => mapping(uint256 word => uint256 bits)) private _nonceBitmap;
    /// What each minter may still mint. Zero for anyone who is not a minter (removal clears it).
    mapping(address minter => uint256) private _minterAllowance;

    event FeeCollectorChanged(address indexed previousCollector, address indexed newCollector);
    event Minted(address indexed minter, address indexed to, uint256 amount);
    event Burned(address indexed burner, address indexed from, uint256 amount);
    /// `minter` is a minter with `allowance` left to mint (set, not added).
    event MinterConfigured(address indexed masterMinter, address indexed minter, uint256 allowance);
    event MinterAllowanceIncreased(
        address indexed masterMinter, address indexed minter, uint256 increment, uint256 newAllowance
    );
    /// `minter` is no longer a minter and its allowance is zero (removed, revoked or renounced).
    event MinterRemoved(address indexed sender, address indexed minter);
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

    // ---- role checks: one read of the caller's word gives its role and its blocked flag ----

    modifier onlyMinter() {
        uint256 word = _accounts[_msgSender()];
        if (word & MINTER_FLAG == 0) revert NotMinter(_msgSender());
        if (word & BLOCKED != 0) revert AccountBlocked(_msgSender());
        _;
    }

    modifier onlyBurner() {
        uint256 word = _accounts[_msgSender()];
        if (word & BURNER_FLAG == 0) revert NotBurner(_msgSender());
        if (word & BLOCKED != 0) revert AccountBlocked(_msgSender());
        _;
    }

    modifier onlyPauser() {
        uint256 word = _accounts[_msgSender()];
        if (word & PAUSER_FLAG == 0) revert NotPauser(_msgSender());
        if (word & BLOCKED != 0) revert AccountBlocked(_msgSender());
        _;
    }

    modifier onlyRelayer() {
        uint256 word = _accounts[_msgSender()];
        if (word & RELAYER_FLAG == 0) revert NotRelayer(_msgSender());
        if (word & BLOCKED != 0) revert AccountBlocked(_msgSender());
        _;
    }

    /// A blocked blocker still blocks and unblocks (itself too): a block must always be reversible.
    modifier onlyBlocker() {
        if (_accounts[_msgSender()] & BLOCKER_FLAG == 0) revert NotBlocker(_msgSender());
        _;
    }

    /// Not checked against the block list, as in FiatToken: it moves no value, only sets allowances.
    modifier onlyMasterMinter() {
        if (!hasRole(MASTER_MINTER_ROLE, _msgSender())) revert NotMasterMinter(_msgSender());
        _;
    }

    modifier whenNotPaused() {
        if (_paused) revert EnforcedPause();
        _;
    }

    constructor(address admin, address feeCollector_) ERC20("KRW Voucher", "KRWV") ERC20Permit("KRW Voucher") {
        if (admin == address(0) || feeCollector_ == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        // Minters are made and unmade by the master minter (configureMinter / removeMinter, or grant / revoke).
        _setRoleAdmin(MINTER_ROLE, MASTER_MINTER_ROLE);
        feeCollector = feeCollector_;
        emit FeeCollectorChanged(address(0), feeCollector_);
    }

    /// Whole won only.
    function decimals() public pure override returns (uint8) {
        return 0;
    }

    // ---- admin and roles ----

    function setFeeCollector(address newCollector) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newCollector == address(0)) revert ZeroAddress();
        emit FeeCollectorChanged(feeCollector, newCollector);
        feeCollector = newCollector;
    }

    /// The operational roles live in the account word; the admin and master-minter roles in AccessControl's storage.
    function hasRole(bytes32 role, address account) public view override returns (bool) {
        uint256 flag = _roleFlag(role);
        if (flag == 0) return super.hasRole(role, account);
        return _accounts[account] & flag != 0;
    }

    /// Roles are never granted to the zero address.
    function _grantRole(bytes32 role, address account) internal override returns (bool) {
        if (account == address(0)) revert ZeroAddress();
        uint256 flag = _roleFlag(role);
        if (flag == 0) return super._grantRole(role, account);
        uint256 word = _accounts[account];
        if (word & flag != 0) return false;
        _accounts[account] = word | flag;
        emit RoleGranted(role, account, _msgSender());
        return true;
    }

    /// A minter that loses its role, however (removeMinter, revokeRole, renounceRole), loses its allowance too.
    function _revokeRole(bytes32 role, address account) internal override returns (bool) {
        uint256 flag = _roleFlag(role);
        if (flag == 0) return super._revokeRole(role, account);
        uint256 word = _accounts[account];
        if (word & flag == 0) return false;
        _accounts[account] = word & ~flag;
        emit RoleRevoked(role, account, _msgSender());
        if (flag == MINTER_FLAG) {
            delete _minterAllowance[account];
            emit MinterRemoved(_msgSender(), account);
        }
        return true;
    }

    function _roleFlag(bytes32 role) private pure returns (uint256) {
        if (role == MINTER_ROLE) return MINTER_FLAG;
        if (role == BURNER_ROLE) return BURNER_FLAG;
        if (role == BLOCKER_ROLE) return BLOCKER_FLAG;
        if (role == PAUSER_ROLE) return PAUSER_FLAG;
        if (role == RELAYER_ROLE) return RELAYER_FLAG;
        return 0;
    }

    // ---- minters and their allowances (FiatToken's master minter) ----

    /// Makes `minter` a minter (if it is not) with `allowance` left to mint, replacing what it had.
    function configureMinter(address minter, uint256 allowance) external onlyMasterMinter whenNotPaused {
        _grantRole(MINTER_ROLE, minter);
        _minterAllowance[minter] = allowance;
        emit MinterConfigured(_msgSender(), minter, allowance);
    }

    /// Adds `increment` to a minter's allowance (it must be a minter already).
    function increaseMinterAllowance(address minter, uint256 increment) external onlyMasterMinter whenNotPaused {
        if (increment == 0) revert ZeroAmount();
        if (_accounts[minter] & MINTER_FLAG == 0) revert NotMinter(minter);
        uint256 allowance = _minterAllowance[minter];
        if (increment > type(uint256).max - allowance) revert MinterAllowanceOverflow(minter, allowance, increment);
        _minterAllowance[minter] = allowance + increment;
        emit MinterAllowanceIncreased(_msgSender(), minter, increment, allowance + increment);
    }

    /// Takes the minter role and the whole allowance away (also while paused: it only takes power away).
    function removeMinter(address minter) external onlyMasterMinter {
        if (!_revokeRole(MINTER_ROLE, minter)) revert NotMinter(minter);
    }

    function minterAllowance(address minter) external view returns (uint256) {
        return _minterAllowance[minter];
    }

    function isMinter(address account) external view returns (bool) {
        return _accounts[account] & MINTER_FLAG != 0;
    }

    // ---- supply ----

    /// Spends `amount` of the caller's minter allowance; `Minted` tells the decrease.
    function mint(address to, uint256 amount) external onlyMinter {
        if (amount == 0) revert ZeroAmount();
        uint256 allowance = _minterAllowance[_msgSender()];
        if (amount > allowance) revert MinterAllowanceExceeded(_msgSender(), allowance, amount);
        unchecked {
            _minterAllowance[_msgSender()] = allowance - amount;
        }
        _mint(to, amount);
        emit Minted(_msgSender(), to, amount);
    }

    /// Settlement: the burner burns from the escrow that holds the settled amount.
    function burn(address from, uint256 amount) external onlyBurner {
        if (amount == 0) revert ZeroAmount();
        _burn(from, amount);
        emit Burned(_msgSender(), from, amount);
    }

    // ---- balances (own storage: balance, roles and blocked flag share a word) ----

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
            if (balance < value) revert ERC20InsufficientBalance(from, balance, value);
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
                _accounts[to] = account + value; // balance + value <= supply <= BALANCE_MASK: the flags stay
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
        _accounts[account] &= ~BLOCKED;
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

    /// The relayer submits a signed TransferWithAuthorization.
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
        _revertWith(
            _tryTransferWithAuthorization(
                Authorization(from, to, value, fee, validAfter, validBefore, nonce, v, r, s),
                TRANSFER_WITH_AUTHORIZATION_TYPEHASH
            )
        );
    }

    /// The payee submits a signed ReceiveWithAuthorization (EIP-3009): nobody else can front-run it, so a
    /// contract that must act on the payment knows it arrived in this very call.
    function receiveWithAuthorization(
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
    ) external {
        if (to != _msgSender()) revert CallerNotPayee(_msgSender(), to);
        _revertWith(
            _tryTransferWithAuthorization(
                Authorization(from, to, value, fee, validAfter, validBefore, nonce, v, r, s),
                RECEIVE_WITH_AUTHORIZATION_TYPEHASH
            )
        );
    }

    /// Runs each TransferWithAuthorization on its own: a bad one changes nothing, emits AuthorizationFailed
    /// with the error it would have reverted with, and the rest go on.
    function batchTransferWithAuthorization(Authorization[] calldata auths)
        external
        onlyRelayer
        returns (bool[] memory ok)
    {
        uint256 n = auths.length;
        if (n == 0) revert EmptyBatch();
        ok = new bool[](n);
        for (uint256 i = 0; i < n; ++i) {
            bytes memory reason = _tryTransferWithAuthorization(auths[i], TRANSFER_WITH_AUTHORIZATION_TYPEHASH);
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
     * The whole relayed transfer, signed under `typeHash`. Every check runs before any write, and a failed
     * check returns the ABI-encoded custom error instead of reverting, so a batch isolates items without a
     * self-call. The writes cannot fail once the checks pass. Returns empty bytes on success.
     */
    function _tryTransferWithAuthorization(Authorization memory a, bytes32 typeHash) private returns (bytes memory) {
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
            keccak256(abi.encode(typeHash, a.from, a.to, a.value, a.fee, a.validAfter, a.validBefore, a.nonce)),
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
            return abi.encodeWithSelector(
                ERC20InsufficientBalance.selector, a.from, balance, needed < a.value ? type(uint256).max : needed
            );
        }

        _nonceBitmap[a.from][word] = bits | bit;
        unchecked {
            // Supply is conserved and every balance is <= supply <= BALANCE_MASK: no carry into the flags.
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

    /// Reverts with `reason` (an ABI-encoded custom error) unless it is empty.
    function _revertWith(bytes memory reason) private pure {
        if (reason.length != 0) {
            assembly ("memory-safe") {
                revert(add(reason, 32), mload(reason))
            }
        }
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

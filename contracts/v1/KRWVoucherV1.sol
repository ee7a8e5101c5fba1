// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// The v1 custom errors (nonces were bytes32).
interface IKRWVoucherV1Errors {
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
    error AuthorizationUsedOrCanceled(address authorizer, bytes32 nonce);
    error InvalidSignature(address expected, address recovered);
    error ZeroAmount();
    error EmptyBatch();
}

/// TEST ANCHOR ONLY, never deployed by the app: the first KRWVoucher (bytes32 nonces, try/catch batch),
/// frozen as it shipped, so the gas test can prove v2 is no worse on plain transfers and the bootstrap
/// test can put an old contract behind a DATA_DIR.
contract KRWVoucherV1 is ERC20, ERC20Permit, AccessControl, Pausable, IKRWVoucherV1Errors {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");
    bytes32 public constant BLOCKER_ROLE = keccak256("BLOCKER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 fee,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    struct Authorization {
        address from;
        address to;
        uint256 value;
        uint256 fee;
        uint256 validAfter;
        uint256 validBefore;
        bytes32 nonce;
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    address public feeCollector;
    mapping(address account => bool) private _blocked;
    mapping(address authorizer => mapping(bytes32 nonce => bool)) private _authorizationStates;

    event FeeCollectorChanged(address indexed previousCollector, address indexed newCollector);
    event Minted(address indexed minter, address indexed to, uint256 amount);
    event Burned(address indexed burner, address indexed from, uint256 amount);
    event Blocked(address indexed blocker, address indexed account);
    event Unblocked(address indexed blocker, address indexed account);
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);
    event TransferWithFee(address indexed from, address indexed to, uint256 value, uint256 fee, bytes32 indexed nonce);
    event AuthorizationFailed(uint256 indexed index, address indexed authorizer, bytes32 indexed nonce, bytes reason);

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

    // ---- blocking and pause ----

    function blockAccount(address account) external onlyBlocker {
        if (account == address(0)) revert ZeroAddress();
        _blocked[account] = true;
        emit Blocked(_msgSender(), account);
    }

    function unblockAccount(address account) external onlyBlocker {
        _blocked[account] = false;
        emit Unblocked(_msgSender(), account);
    }

    function isBlocked(address account) public view returns (bool) {
        return _blocked[account];
    }

    function pause() external onlyPauser {
        _pause();
    }

    function unpause() external onlyPauser {
        _unpause();
    }

    /// All transfer checks live here: pause, blocked parties, balance with amounts.
    function _update(address from, address to, uint256 value) internal override whenNotPaused {
        if (_blocked[from]) revert AccountBlocked(from);
        if (_blocked[to]) revert AccountBlocked(to);
        if (from != address(0)) {
            uint256 balance = balanceOf(from);
            if (balance < value) revert InsufficientBalance(from, balance, value);
        }
        super._update(from, to, value);
    }

    // ---- authorizations (EIP-3009 style, with a fee) ----

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 fee,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyRelayer {
        _transferWithAuthorization(Authorization(from, to, value, fee, validAfter, validBefore, nonce, v, r, s));
    }

    /// Runs each authorization on its own: a bad one emits AuthorizationFailed and the rest go on.
    function batchTransferWithAuthorization(Authorization[] calldata auths)
        external
        onlyRelayer
        returns (bool[] memory ok)
    {
        if (auths.length == 0) revert EmptyBatch();
        ok = new bool[](auths.length);
        for (uint256 i = 0; i < auths.length; ++i) {
            try this.executeAuthorization(auths[i]) {
                ok[i] = true;
            } catch (bytes memory reason) {
                emit AuthorizationFailed(i, auths[i].from, auths[i].nonce, reason);
            }
        }
    }

    /// Entry point for the batch's per-item isolation; only the contract itself may call it.
    function executeAuthorization(Authorization calldata auth) external {
        if (_msgSender() != address(this)) revert NotRelayer(_msgSender());
        _transferWithAuthorization(auth);
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        if (_authorizationStates[authorizer][nonce]) revert AuthorizationUsedOrCanceled(authorizer, nonce);
        bytes32 structHash = keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce));
        _checkSigner(authorizer, structHash, v, r, s);
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _transferWithAuthorization(Authorization memory a) private {
        if (a.value == 0) revert ZeroAmount();
        if (block.timestamp <= a.validAfter) revert AuthorizationNotYetValid(a.validAfter, block.timestamp);
        if (block.timestamp >= a.validBefore) revert AuthorizationExpired(a.validBefore, block.timestamp);
        if (_authorizationStates[a.from][a.nonce]) revert AuthorizationUsedOrCanceled(a.from, a.nonce);
        bytes32 structHash = keccak256(
            abi.encode(
                TRANSFER_WITH_AUTHORIZATION_TYPEHASH, a.from, a.to, a.value, a.fee, a.validAfter, a.validBefore, a.nonce
            )
        );
        _checkSigner(a.from, structHash, a.v, a.r, a.s);
        uint256 balance = balanceOf(a.from);
        if (balance < a.value + a.fee) revert InsufficientBalance(a.from, balance, a.value + a.fee);
        _authorizationStates[a.from][a.nonce] = true;
        emit AuthorizationUsed(a.from, a.nonce);
        _transfer(a.from, a.to, a.value);
        if (a.fee > 0) _transfer(a.from, feeCollector, a.fee);
        emit TransferWithFee(a.from, a.to, a.value, a.fee, a.nonce);
    }

    function _checkSigner(address expected, bytes32 structHash, uint8 v, bytes32 r, bytes32 s) private view {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(_hashTypedDataV4(structHash), v, r, s);
        if (err != ECDSA.RecoverError.NoError || recovered != expected) revert InvalidSignature(expected, recovered);
    }

    // ---- OpenZeppelin plumbing ----

    function nonces(address owner) public view override(ERC20Permit) returns (uint256) {
        return super.nonces(owner);
    }
}

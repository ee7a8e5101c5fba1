// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

// TEST ANCHORS ONLY, never deployed by the app: the gas test measures KRWVoucher beside them in the same run.

/// A plain OpenZeppelin 5 ERC-20: the reference for a transfer.
contract OZTransferAnchor is ERC20 {
    constructor() ERC20("OZ Anchor", "OZA") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/**
 * A USDC-style EIP-3009 `transferWithAuthorization`, shaped like Circle's FiatToken v2.2: pause flag
 * checked first (packed with the pauser, as in FiatToken's Pausable), blacklist packed into the balance
 * word (so it costs no extra read: not modelled), a bytes32 nonce marked in its own fresh slot, an
 * ERC-1271-aware signature check (the signer's code size is read), `AuthorizationUsed`, then `Transfer`.
 * No fee: USDC has none.
 */
contract UsdcStyleAnchor is ERC20, EIP712 {
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    address public pauser;
    bool public paused;
    mapping(address authorizer => mapping(bytes32 nonce => bool)) private _authorizationStates;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);

    constructor() ERC20("USDC-style Anchor", "USA") EIP712("USDC-style Anchor", "2") {
        pauser = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(!paused, "Pausable: paused");
        require(block.timestamp > validAfter, "authorization is not yet valid");
        require(block.timestamp < validBefore, "authorization is expired");
        require(!_authorizationStates[from][nonce], "authorization is used or canceled");
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce))
        );
        require(SignatureChecker.isValidSignatureNow(from, digest, abi.encodePacked(r, s, v)), "invalid signature");
        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
        _transfer(from, to, value);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Custom errors of KRWVoucher, with the amounts and parties as arguments.
interface IKRWVoucherErrors {
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

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Custom errors of KRWVoucher, with the amounts and parties as arguments. A transfer, mint or burn that the
/// ERC-20 itself refuses (balance, allowance, zero address) reverts with OpenZeppelin's ERC-6093 errors
/// (`ERC20InsufficientBalance(sender, balance, needed)`, …) so that a standard client decodes it.
interface IKRWVoucherErrors {
    error ZeroAddress();
    error NotMinter(address account);
    error NotMasterMinter(address account);
    error NotBurner(address account);
    error NotBlocker(address account);
    error NotPauser(address account);
    error NotRelayer(address account);
    /// A blocked account tried to send, receive, approve, be approved or spend, or a blocked minter, burner,
    /// pauser or relayer tried to act.
    error AccountBlocked(address account);
    /// `minter` may mint only `allowance` more (its minter allowance); `needed` was asked.
    error MinterAllowanceExceeded(address minter, uint256 allowance, uint256 needed);
    /// Increasing `minter`'s allowance by `increment` would pass 2^256 - 1.
    error MinterAllowanceOverflow(address minter, uint256 allowance, uint256 increment);
    /// `receiveWithAuthorization` is submitted by its payee only.
    error CallerNotPayee(address caller, address payee);
    error AuthorizationNotYetValid(uint256 validAfter, uint256 nowTime);
    error AuthorizationExpired(uint256 validBefore, uint256 nowTime);
    error AuthorizationUsedOrCanceled(address authorizer, uint256 nonce);
    error InvalidSignature(address expected, address recovered);
    error ZeroAmount();
    error EmptyBatch();
    /// Minting would take the supply past 2^248 - 1 (the top byte of an account word holds its flags).
    error SupplyOverflow(uint256 totalSupply, uint256 amount);
    /// The same names and selectors as OpenZeppelin's Pausable.
    error EnforcedPause();
    error ExpectedPause();
}

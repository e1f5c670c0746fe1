// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {PaymentSplit} from "./PaymentSplit.sol";

/// @title Layerloom payment splitter
/// @notice Receives Ether (ERC-2981 royalties a marketplace pays to it) and owes it to up to 10 payees by
/// shares fixed at deployment. Anyone may call `release(payee)`; the Ether only ever goes to that payee, and
/// one payee that refuses it blocks no one else. No owner, nothing to configure after deployment.
contract LayerloomPaymentSplitter is PaymentSplit {
    /// @notice `amount` wei arrived from `from`.
    event PaymentReceived(address from, uint256 amount);

    error NoPayees();

    constructor(address[] memory payees_, uint256[] memory shares_) {
        if (payees_.length == 0) revert NoPayees();
        _setPayees(payees_, shares_);
    }

    /// @dev Marketplaces pay royalties with a plain transfer, sometimes with only the 2,300 gas stipend:
    /// this event (LOG1 of two words) fits in it.
    receive() external payable {
        emit PaymentReceived(msg.sender, msg.value);
    }

    /// @notice Sends `payee` everything it is owed now. Callable by anyone.
    function release(address payee) external {
        _splitRelease(payee);
    }

    /// @notice What `account` would be sent by `release(account)` now (0 for an address that is not a payee).
    function releasable(address account) external view returns (uint256) {
        return _splitReleasable(account);
    }

    /// @notice The payees and their shares, in the order given at deployment.
    function payees() external view returns (address[] memory payees_, uint256[] memory shares_) {
        return _splitPayees();
    }
}

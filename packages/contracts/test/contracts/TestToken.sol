// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice An ERC-20 for the tests, standing in for the WETH a marketplace pays royalties in: anyone mints.
contract TestToken is ERC20 {
    constructor() ERC20("Wrapped Test Ether", "WTEST") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

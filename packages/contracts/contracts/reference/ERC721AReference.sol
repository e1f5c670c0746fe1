// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721A} from "erc721a/contracts/ERC721A.sol";

/// @notice A plain ERC-721A with an unchecked public mint. Not deployed by Layerloom: it is the
/// baseline the gas report compares `LayerloomCollection` against. Token ids start at 1 like the
/// collection's, so both pay the same storage costs.
contract ERC721AReference is ERC721A {
    constructor() ERC721A("Reference", "REF") {}

    function mint(uint256 quantity) external payable {
        _mint(msg.sender, quantity);
    }

    function _startTokenId() internal pure override returns (uint256) {
        return 1;
    }
}
